-- Asynchronous play: each game's reminder interval and agreed deadline, players
-- away on vacation, what the bot knows of each user's DMs, long button
-- commands, and per-turn timings for statistics.

ALTER TABLE games ADD COLUMN remind_every BIGINT;
ALTER TABLE games ADD COLUMN deadline_every BIGINT;
ALTER TABLE seats ADD COLUMN away_until BIGINT;

CREATE TABLE users (
    user_id       TEXT   PRIMARY KEY,
    dm_channel    TEXT,
    dm_failed_at  BIGINT,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE buttons (
    id          TEXT   PRIMARY KEY,
    command     TEXT   NOT NULL,
    created_at  BIGINT NOT NULL
);

CREATE TABLE turns (
    game_id   BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      BIGINT NOT NULL,
    user_id   TEXT   NOT NULL,
    due_at    BIGINT NOT NULL,
    acted_at  BIGINT,
    PRIMARY KEY (game_id, seat, due_at)
);
CREATE INDEX turns_user ON turns (user_id);
