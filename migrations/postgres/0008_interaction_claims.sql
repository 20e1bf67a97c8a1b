-- Every Discord interaction id, claimed before it acts (across replicas):
-- a redelivered or replayed interaction finds its claim and gets the first
-- answer (NULL while the first delivery is still being handled).
CREATE TABLE interaction_claims (
    key         TEXT   PRIMARY KEY,
    answer      TEXT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX interaction_claims_created ON interaction_claims (created_at);
