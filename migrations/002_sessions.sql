-- Up Migration

-- Server-side sessions: the cookie carries only a random id.
CREATE TABLE sessions (
  id         text PRIMARY KEY,
  user_id    uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);
CREATE INDEX sessions_expiry_idx ON sessions (expires_at);

-- Down Migration

DROP TABLE sessions;
