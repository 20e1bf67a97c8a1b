-- Games, their seats and their append-only action log; decks; guild settings;
-- and the idempotency record of handled interactions.
-- Timestamps are milliseconds since the Unix epoch; JSON is stored as TEXT so
-- both backends read it the same way.

CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    kind          TEXT    NOT NULL,
    guild_id      TEXT,
    channel_id    TEXT    NOT NULL,
    thread_id     TEXT,
    creator_id    TEXT    NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
    options       TEXT    NOT NULL,
    seed          BIGINT  NOT NULL,
    state         TEXT,
    state_format  BIGINT  NOT NULL DEFAULT 0,
    version       BIGINT  NOT NULL DEFAULT 0,
    action_count  BIGINT  NOT NULL DEFAULT 0,
    to_act        TEXT    NOT NULL DEFAULT '[]',
    result        TEXT,
    created_at    BIGINT  NOT NULL,
    updated_at    BIGINT  NOT NULL,
    deadline_at   BIGINT,
    remind_at     BIGINT
);
CREATE INDEX games_channel ON games (channel_id, status);
CREATE INDEX games_remind ON games (remind_at) WHERE status = 'active';

CREATE TABLE seats (
    game_id    BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       BIGINT  NOT NULL,
    user_id    TEXT    NOT NULL,
    user_name  TEXT    NOT NULL,
    setup      TEXT,
    joined_at  BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);
CREATE INDEX seats_user ON seats (user_id);

CREATE TABLE actions (
    game_id     BIGINT  NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         BIGINT  NOT NULL,
    seat        BIGINT  NOT NULL,
    user_id     TEXT    NOT NULL,
    action      TEXT    NOT NULL,
    format      BIGINT  NOT NULL,
    created_at  BIGINT  NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE decks (
    owner_id    TEXT   NOT NULL,
    game_kind   TEXT   NOT NULL,
    name_key    TEXT   NOT NULL,
    name        TEXT   NOT NULL,
    list        TEXT   NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    PRIMARY KEY (owner_id, game_kind, name_key)
);

CREATE TABLE guild_settings (
    guild_id    TEXT   PRIMARY KEY,
    settings    TEXT   NOT NULL,
    updated_at  BIGINT NOT NULL
);

CREATE TABLE interactions (
    key         TEXT   PRIMARY KEY,
    game_id     BIGINT,
    response    TEXT   NOT NULL,
    created_at  BIGINT NOT NULL
);
