-- Up Migration

-- The Ed25519 key that signs chain heads and exports when AUDIT_SIGNING_KEY is not set: generated at
-- first start and kept here (one row). Back it up with the database, or better: copy it out once and
-- set AUDIT_SIGNING_KEY (README "Audit"), so that whoever can write this database cannot sign.
CREATE TABLE audit_signing_keys (
  id          text PRIMARY KEY DEFAULT 'default',
  private_key text NOT NULL,
  public_key  text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Signed statements of organizations' chain heads {orgId, position, headHash, count, at}: the daily
-- job's. A later rewrite of an event at or before `position` no longer matches `head_hash`.
CREATE TABLE audit_heads (
  id         bigserial PRIMARY KEY,
  org_id     uuid NOT NULL,
  position   bigint NOT NULL,
  head_hash  text NOT NULL,
  count      bigint NOT NULL,
  at         timestamptz NOT NULL,
  statement  text NOT NULL,
  signature  text NOT NULL,
  key_id     text NOT NULL
);
CREATE INDEX audit_heads_org_idx ON audit_heads (org_id, id DESC);
CREATE INDEX audit_heads_at_idx ON audit_heads (at DESC, id DESC);

-- The last drift check of each read model: its progress while it runs, then what differed.
CREATE TABLE read_model_drift (
  read_model  text PRIMARY KEY,
  status      text NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  progress    real NOT NULL DEFAULT 0,
  rows        bigint NOT NULL DEFAULT 0,
  differences jsonb NOT NULL DEFAULT '[]',
  error       text,
  started_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Down Migration

DROP TABLE read_model_drift;
DROP TABLE audit_heads;
DROP TABLE audit_signing_keys;
