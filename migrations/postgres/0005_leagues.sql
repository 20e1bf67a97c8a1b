-- Community leagues: a league per server and name, its members, its rounds
-- and their pairings (each linked to the game that settles it), and the
-- audit log of organisers' corrections. Ratings and standings are computed
-- from the results, never stored, so a correction changes them everywhere.

CREATE TABLE leagues (
    id          BIGSERIAL PRIMARY KEY,
    guild_id    TEXT    NOT NULL,
    name        TEXT    NOT NULL,
    kind        TEXT    NOT NULL,
    pairing     TEXT    NOT NULL CHECK (pairing IN ('swiss', 'round-robin', 'free')),
    -- The /game new options every league game opens with (text, as typed).
    game_options TEXT   NOT NULL,
    -- Where rounds are posted and reminders go.
    channel_id  TEXT    NOT NULL,
    -- Milliseconds a round lasts (its deadline), if any.
    round_every BIGINT,
    created_by  TEXT    NOT NULL,
    created_at  BIGINT  NOT NULL,
    UNIQUE (guild_id, name)
);

CREATE TABLE league_members (
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    user_id     TEXT    NOT NULL,
    user_name   TEXT    NOT NULL,
    joined_at   BIGINT  NOT NULL,
    left_at     BIGINT,
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_rounds (
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    number      BIGINT  NOT NULL,
    started_at  BIGINT  NOT NULL,
    deadline_at BIGINT,
    -- When unplayed pairings are reminded (cleared once claimed, so a
    -- reminder fires once across processes).
    remind_at   BIGINT,
    closed_at   BIGINT,
    PRIMARY KEY (league_id, number)
);

CREATE TABLE league_pairings (
    id          BIGSERIAL PRIMARY KEY,
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    round       BIGINT  NOT NULL,
    a_user      TEXT    NOT NULL,
    -- NULL: a bye.
    b_user      TEXT,
    game_id     BIGINT,
    -- 'a', 'b', 'draw', 'bye', 'unplayed' (the round closed first), or
    -- NULL while it is still to play.
    result      TEXT,
    reason      TEXT,
    reported_at BIGINT
);
CREATE INDEX league_pairings_by_league ON league_pairings (league_id, round);
CREATE INDEX league_pairings_by_game ON league_pairings (game_id);

CREATE TABLE league_audit (
    id          BIGSERIAL PRIMARY KEY,
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    at          BIGINT  NOT NULL,
    by_user     TEXT    NOT NULL,
    what        TEXT    NOT NULL,
    reason      TEXT    NOT NULL
);
