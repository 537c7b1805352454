-- Up Migration

CREATE TABLE streams (
  stream_id        text PRIMARY KEY,
  stream_type      text NOT NULL,
  version          bigint NOT NULL,
  snapshot         jsonb,
  snapshot_version bigint,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE events_global_position_seq AS bigint;

CREATE TABLE events (
  global_position bigint NOT NULL DEFAULT nextval('events_global_position_seq'),
  transaction_id  xid8 NOT NULL DEFAULT pg_current_xact_id(),
  stream_id       text NOT NULL REFERENCES streams (stream_id),
  stream_position bigint NOT NULL,
  event_id        uuid NOT NULL UNIQUE,
  type            text NOT NULL,
  data            jsonb NOT NULL,
  metadata        jsonb NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (stream_id, stream_position)
);
ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position;
CREATE UNIQUE INDEX events_global_position_idx ON events (global_position);
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

-- Appends events to one stream in one statement, enforcing the expected version.
-- p_expected_kind: 'version' (p_expected is the stream's current version, 0 = no stream),
-- 'no_stream', 'stream_exists' or 'any'. Raises SQLSTATE ES409 on a clash (DETAIL = actual
-- version, -1 when the stream does not exist) and ES208 when p_command_id was already used.
CREATE FUNCTION append_to_stream(
  p_stream_id text, p_stream_type text, p_expected_kind text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_snapshot jsonb DEFAULT NULL,
  p_command_id text DEFAULT NULL, p_request_hash text DEFAULT NULL, p_result jsonb DEFAULT NULL
) RETURNS TABLE (next_version bigint, last_position bigint, tx_id xid8)
LANGUAGE plpgsql AS $$
DECLARE
  n bigint := cardinality(p_types);
  v_version bigint;
  v_actual bigint;
  v_last bigint;
BEGIN
  IF n = 0 THEN
    RAISE EXCEPTION 'append of no events' USING ERRCODE = '22023';
  END IF;

  IF p_expected_kind = 'any' THEN
    INSERT INTO streams AS s (stream_id, stream_type, version, snapshot, snapshot_version)
    VALUES (p_stream_id, p_stream_type, n, p_snapshot, CASE WHEN p_snapshot IS NULL THEN NULL ELSE n END)
    ON CONFLICT (stream_id) DO UPDATE
      SET version = s.version + n,
          snapshot = COALESCE(p_snapshot, s.snapshot),
          snapshot_version = CASE WHEN p_snapshot IS NULL THEN s.snapshot_version ELSE s.version + n END,
          updated_at = now()
    RETURNING s.version INTO v_version;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'version' AND p_expected = 0) THEN
    INSERT INTO streams (stream_id, stream_type, version, snapshot, snapshot_version)
    VALUES (p_stream_id, p_stream_type, n, p_snapshot, CASE WHEN p_snapshot IS NULL THEN NULL ELSE n END)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING version INTO v_version;
  ELSIF p_expected_kind IN ('version', 'stream_exists') THEN
    UPDATE streams AS s
       SET version = s.version + n,
           snapshot = COALESCE(p_snapshot, s.snapshot),
           snapshot_version = CASE WHEN p_snapshot IS NULL THEN s.snapshot_version ELSE s.version + n END,
           updated_at = now()
     WHERE s.stream_id = p_stream_id
       AND (p_expected_kind = 'stream_exists' OR s.version = p_expected)
    RETURNING s.version INTO v_version;
  ELSE
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind USING ERRCODE = '22023';
  END IF;

  IF v_version IS NULL THEN
    SELECT version INTO v_actual FROM streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'concurrency error on stream %', p_stream_id
      USING ERRCODE = 'ES409', DETAIL = COALESCE(v_actual, -1)::text;
  END IF;

  IF p_command_id IS NOT NULL THEN
    INSERT INTO command_dedup (command_id, request_hash, result)
    VALUES (p_command_id, p_request_hash, COALESCE(p_result, '{}'::jsonb))
    ON CONFLICT (command_id) DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'command % already handled', p_command_id USING ERRCODE = 'ES208';
    END IF;
  END IF;

  WITH inserted AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata)
    SELECT p_stream_id, v_version - n + e.ord, e.event_id, e.type, e.data, e.metadata
      FROM unnest(p_event_ids, p_types, p_data, p_metadata) WITH ORDINALITY
           AS e(event_id, type, data, metadata, ord)
     ORDER BY e.ord
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_last FROM inserted;

  PERFORM pg_notify('events_appended', v_last::text);
  RETURN QUERY SELECT v_version, v_last, pg_current_xact_id();
END;
$$;

-- Down Migration

DROP FUNCTION append_to_stream;
DROP TABLE projections;
DROP TABLE projection_checkpoints;
DROP TABLE reservations;
DROP TABLE command_dedup;
DROP TABLE events;
DROP TABLE streams;
