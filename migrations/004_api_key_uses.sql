-- Up Migration

-- When each API key was last used: a touch on the hot path (at most once a minute per key and
-- process), kept out of the event log.
CREATE TABLE api_key_uses (
  key_id       uuid PRIMARY KEY,
  last_used_at timestamptz NOT NULL
);

-- Down Migration

DROP TABLE api_key_uses;
