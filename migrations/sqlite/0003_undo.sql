-- Taking moves back: undone actions stay in the log, marked with when they
-- were taken back (replays skip them); a request to take moves back that
-- needs the other players' consent waits on the game row (JSON) until every
-- other player agrees or the game moves on.

ALTER TABLE actions ADD COLUMN undone_at BIGINT;
ALTER TABLE games ADD COLUMN undo_request TEXT;
