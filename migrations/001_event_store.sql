-- Up Migration

CREATE TABLE streams (
  stream_id        text PRIMARY KEY,
  stream_type      text NOT NULL,
  version          bigint NOT NULL,
  snapshot         jsonb,
  snapshot_version bigint,
  -- The hash of the stream's last event: the next append chains from it without reading an event.
  last_hash        bytea,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE events_global_position_seq AS bigint;

CREATE TABLE events (
  global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  -- Always written by append_to_stream beside its stream's row (no foreign key to check per event).
  stream_id       text NOT NULL,
  stream_position bigint NOT NULL,
  event_id        uuid NOT NULL,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now(),
  -- Tamper evidence: sha256 of the previous event's hash in the stream and this event's content.
  hash            bytea,
  PRIMARY KEY (stream_id, stream_position)
);
ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position;
-- Only the indexes reads use: a stream in order (the primary key) and the whole log in safe order
-- (projections, status). Positions come from the sequence and event ids are random UUIDs made by
-- the appender, so neither needs a unique index of its own.
CREATE INDEX events_safe_order_idx ON events (transaction_id, global_position);

-- A command's idempotency key, stored in the transaction of its append.
CREATE TABLE command_dedup (
  command_id   text PRIMARY KEY,
  request_hash text NOT NULL,
  result       jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Uniqueness a user sees (an org name, an email), claimed in the append's transaction.
CREATE TABLE reservations (
  kind       text NOT NULL,
  key        text NOT NULL,
  owner      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, key)
);

CREATE TABLE projection_checkpoints (
  name        text NOT NULL,
  version     integer NOT NULL,
  last_xid    xid8 NOT NULL DEFAULT '0',
  last_pos    bigint NOT NULL DEFAULT 0,
  status      text NOT NULL DEFAULT 'live',
  last_error  text,
  error_at    timestamptz,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (name, version)
);

-- Which version of each read model the views point at.
CREATE TABLE projections (
  name           text PRIMARY KEY,
  active_version integer NOT NULL
);

-- Down Migration

DROP FUNCTION IF EXISTS append_to_stream;
DROP TABLE projections;
DROP TABLE projection_checkpoints;
DROP TABLE reservations;
DROP TABLE command_dedup;
DROP TABLE events CASCADE;
DROP TABLE streams;
DROP FUNCTION IF EXISTS events_hash_chain;
DROP FUNCTION IF EXISTS event_hashes;
DROP FUNCTION IF EXISTS event_content;
DROP FUNCTION IF EXISTS event_content_of;
