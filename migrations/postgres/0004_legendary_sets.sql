-- A server's own Legendary Encounters card set (entered from its box):
-- the whole set as JSON, checked before it is stored. Games opened on the
-- server copy it into their options, so a later import never changes them.

CREATE TABLE legendary_sets (
    guild_id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    data TEXT NOT NULL,
    updated_by TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
