-- AI seats. An AI seat is a seat row whose user id starts with "ai:".
-- How long a game's AI players wait before they move (ms; NULL: at once).
ALTER TABLE games ADD COLUMN ai_pause BIGINT;
-- Why an AI player made a move, in one line (/game why); NULL for players' moves.
ALTER TABLE actions ADD COLUMN why TEXT;
