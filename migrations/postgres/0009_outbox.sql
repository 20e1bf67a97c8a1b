-- The outbox: a change that owes posts or DMs keeps them in its
-- interaction row (its response) with owed_at set, until a transport marks
-- them delivered (owed_at NULL). A process killed in between leaves them
-- owed; the next process to run delivers them once.
ALTER TABLE interactions ADD COLUMN owed_at BIGINT;
CREATE INDEX interactions_owed ON interactions (owed_at);
