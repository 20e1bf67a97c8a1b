-- League formats and seasons, limited events, organiser roles and
-- co-operative league games.
--
-- A league may name a server role whose members organise it (besides
-- Manage Server).
ALTER TABLE leagues ADD COLUMN organiser_role TEXT;
-- The card sets its decks may use (set slugs, space-separated; NULL: any).
ALTER TABLE leagues ADD COLUMN sets TEXT;
-- How many games each pairing plays (each counts on its own).
ALTER TABLE leagues ADD COLUMN games_per_pairing BIGINT NOT NULL DEFAULT 1;
-- The season: when play opens and ends (ms; NULL: no limit), and when its
-- final standings were posted (claimed once across processes).
ALTER TABLE leagues ADD COLUMN starts_at BIGINT;
ALTER TABLE leagues ADD COLUMN ends_at BIGINT;
ALTER TABLE leagues ADD COLUMN ended_at BIGINT;

-- A limited league's event: the FCU cube sealed (with or without safe
-- mode) or its booster draft. `state` is the JSON of the dealt pools or of
-- the draft in progress (piles, pools, when each seat's pile arrived); it is
-- NULL until an organiser deals. `version` guards concurrent picks.
CREATE TABLE league_limited (
    league_id   BIGINT  PRIMARY KEY REFERENCES leagues (id),
    format      TEXT    NOT NULL CHECK (format IN ('sealed', 'sealed-safe', 'draft')),
    -- Milliseconds a draft pick may take before the default pick is made.
    pick_every  BIGINT,
    state       TEXT,
    version     BIGINT  NOT NULL DEFAULT 0,
    -- The earliest pick deadline of the draft in progress (for the scheduler).
    next_due    BIGINT
);

-- A co-operative (Legendary) league game: the team that played it and what
-- it earned (Series points, End Games defeated) once it finished.
CREATE TABLE league_team_games (
    league_id   BIGINT  NOT NULL REFERENCES leagues (id),
    game_id     BIGINT  NOT NULL,
    -- JSON array of the players' user ids.
    players     TEXT    NOT NULL,
    points      BIGINT,
    end_games   BIGINT,
    reported_at BIGINT,
    PRIMARY KEY (league_id, game_id)
);
