-- /league report: who counted a game they opened themselves for their
-- pairing (NULL: the game was opened with /league play). Their opponent may
-- dispute it (/league dispute) while the round is open.
ALTER TABLE league_pairings ADD COLUMN claimed_by TEXT;
