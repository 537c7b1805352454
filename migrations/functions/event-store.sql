-- The event store's functions. Not a numbered migration: `migrations/run.ts` applies this file after
-- the migrations on every run (in one transaction, under a lock), so each function has one home and a
-- change to it is a change to this file. Keep every statement safe to run again.

-- Tamper evidence: each event's hash covers its content and the previous event's hash in its stream
-- (services/audit/verify.ts recomputes the chain from event_content).
CREATE OR REPLACE FUNCTION event_content_of(p_stream_id text, p_position bigint, p_event_id uuid, p_type text, p_data jsonb, p_metadata jsonb)
RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT convert_to(p_stream_id || E'\n' || p_position || E'\n' || p_event_id || E'\n' || p_type || E'\n'
                    || p_data::text || E'\n' || p_metadata::text, 'UTF8')
$$;

CREATE OR REPLACE FUNCTION event_content(e events) RETURNS bytea LANGUAGE sql IMMUTABLE AS $$
  SELECT event_content_of(e.stream_id, e.stream_position, e.event_id, e.type, e.data, e.metadata)
$$;

-- The hashes of events appended at p_first and after, chained from p_prev (the stream's last hash).
CREATE OR REPLACE FUNCTION event_hashes(p_prev bytea, p_stream_id text, p_first bigint, p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
RETURNS bytea[] LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  h bytea := coalesce(p_prev, '\x'::bytea);
  out bytea[] := '{}';
BEGIN
  FOR i IN 1 .. cardinality(p_types) LOOP
    h := sha256(h || event_content_of(p_stream_id, p_first + i - 1, p_event_ids[i], p_types[i], p_data[i], p_metadata[i]));
    out := out || h;
  END LOOP;
  RETURN out;
END;
$$;

-- Appends events to one stream in one statement, enforcing the expected version.
-- p_expected_kind: 'version' (p_expected is the stream's current version, 0 = no stream),
-- 'no_stream', 'stream_exists' or 'any'. Raises SQLSTATE ES409 on a clash (DETAIL = actual
-- version, -1 when the stream does not exist) and ES208 when one of p_command_ids was already used.
CREATE OR REPLACE FUNCTION append_to_stream(
  p_stream_id text, p_stream_type text, p_expected_kind text, p_expected bigint,
  p_event_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[],
  p_snapshot jsonb DEFAULT NULL,
  p_command_ids text[] DEFAULT NULL, p_request_hashes text[] DEFAULT NULL, p_results jsonb[] DEFAULT NULL
) RETURNS TABLE (next_version bigint, last_position bigint, tx_id xid8)
LANGUAGE plpgsql AS $$
DECLARE
  n bigint := cardinality(p_types);
  v_version bigint;
  v_actual bigint;
  v_last bigint;
  v_inserted bigint;
  v_prev bytea;
  v_hashes bytea[];
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
    RETURNING s.version, s.last_hash INTO v_version, v_prev;
  ELSIF p_expected_kind = 'no_stream' OR (p_expected_kind = 'version' AND p_expected = 0) THEN
    v_hashes := event_hashes(NULL, p_stream_id, 1, p_event_ids, p_types, p_data, p_metadata);
    INSERT INTO streams (stream_id, stream_type, version, snapshot, snapshot_version, last_hash)
    VALUES (p_stream_id, p_stream_type, n, p_snapshot, CASE WHEN p_snapshot IS NULL THEN NULL ELSE n END, v_hashes[n])
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING version INTO v_version;
  ELSIF p_expected_kind = 'version' THEN
    -- The common append, one statement on the stream's row: the chain continues from the hash of the
    -- row as it stood at the expected version (a version is written with its last hash, so the pair
    -- read here is the pair updated; any other version updates nothing and is a clash).
    UPDATE streams AS s
       SET version = s.version + n,
           last_hash = h.hashes[n],
           snapshot = COALESCE(p_snapshot, s.snapshot),
           snapshot_version = CASE WHEN p_snapshot IS NULL THEN s.snapshot_version ELSE s.version + n END,
           updated_at = now()
      FROM (SELECT event_hashes(o.last_hash, p_stream_id, o.version + 1, p_event_ids, p_types, p_data, p_metadata) AS hashes
              FROM streams o WHERE o.stream_id = p_stream_id AND o.version = p_expected) h
     WHERE s.stream_id = p_stream_id AND s.version = p_expected
    RETURNING s.version, h.hashes INTO v_version, v_hashes;
  ELSIF p_expected_kind = 'stream_exists' THEN
    UPDATE streams AS s
       SET version = s.version + n,
           snapshot = COALESCE(p_snapshot, s.snapshot),
           snapshot_version = CASE WHEN p_snapshot IS NULL THEN s.snapshot_version ELSE s.version + n END,
           updated_at = now()
     WHERE s.stream_id = p_stream_id
    RETURNING s.version, s.last_hash INTO v_version, v_prev;
  ELSE
    RAISE EXCEPTION 'unknown expected version kind %', p_expected_kind USING ERRCODE = '22023';
  END IF;

  IF v_version IS NULL THEN
    SELECT version INTO v_actual FROM streams WHERE stream_id = p_stream_id;
    RAISE EXCEPTION 'concurrency error on stream %', p_stream_id
      USING ERRCODE = 'ES409', DETAIL = COALESCE(v_actual, -1)::text;
  END IF;

  IF cardinality(p_command_ids) > 0 THEN
    INSERT INTO command_dedup (command_id, request_hash, result)
    SELECT c.id, c.hash, COALESCE(c.result, '{}'::jsonb)
      FROM unnest(p_command_ids, p_request_hashes, p_results) AS c(id, hash, result)
    ON CONFLICT (command_id) DO NOTHING;
    GET DIAGNOSTICS v_inserted = ROW_COUNT;
    IF v_inserted < cardinality(p_command_ids) THEN
      RAISE EXCEPTION 'a command of % was already handled', p_command_ids USING ERRCODE = 'ES208';
    END IF;
  END IF;

  -- 'any' and 'stream_exists' learnt the previous hash from the row they locked: chain from it and keep the new one.
  IF v_hashes IS NULL THEN
    v_hashes := event_hashes(v_prev, p_stream_id, v_version - n + 1, p_event_ids, p_types, p_data, p_metadata);
    UPDATE streams SET last_hash = v_hashes[n] WHERE stream_id = p_stream_id;
  END IF;
  WITH inserted AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, hash)
    SELECT p_stream_id, v_version - n + e.ord, e.event_id, e.type, e.data, e.metadata, v_hashes[e.ord]
      FROM unnest(p_event_ids, p_types, p_data, p_metadata) WITH ORDINALITY
           AS e(event_id, type, data, metadata, ord)
     ORDER BY e.ord
    RETURNING global_position
  )
  SELECT max(global_position) INTO v_last FROM inserted;

  RETURN QUERY SELECT v_version, v_last, pg_current_xact_id();
END;
$$;

-- Appends to several streams in one statement, each as append_to_stream does, in the order given: one
-- clash (ES409) or used command key (ES208) and the statement, so all of it, is undone. p_appends is a
-- json array of {streamId, streamType, expectedKind, expected, eventIds, types, data, metadata, snapshot,
-- commandIds, requestHashes, results} (services/eventstore/store.ts appendMany).
CREATE OR REPLACE FUNCTION append_to_streams(p_appends jsonb)
RETURNS TABLE (stream_id text, next_version bigint, last_position bigint, tx_id xid8)
LANGUAGE plpgsql AS $$
DECLARE
  a jsonb;
BEGIN
  FOR a IN SELECT x FROM jsonb_array_elements(p_appends) WITH ORDINALITY AS t(x, ord) ORDER BY ord LOOP
    RETURN QUERY SELECT a->>'streamId', r.next_version, r.last_position, r.tx_id
      FROM append_to_stream(
        a->>'streamId', a->>'streamType', a->>'expectedKind', (a->>'expected')::bigint,
        ARRAY(SELECT v::uuid FROM jsonb_array_elements_text(a->'eventIds') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        ARRAY(SELECT v FROM jsonb_array_elements_text(a->'types') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        ARRAY(SELECT v FROM jsonb_array_elements(a->'data') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        ARRAY(SELECT v FROM jsonb_array_elements(a->'metadata') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        NULLIF(a->'snapshot', 'null'::jsonb),
        ARRAY(SELECT v FROM jsonb_array_elements_text(a->'commandIds') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        ARRAY(SELECT v FROM jsonb_array_elements_text(a->'requestHashes') WITH ORDINALITY AS t(v, ord) ORDER BY ord),
        ARRAY(SELECT v FROM jsonb_array_elements(a->'results') WITH ORDINALITY AS t(v, ord) ORDER BY ord)) r;
  END LOOP;
END;
$$;

-- The trigger that looked the previous event's hash up for every inserted event is gone: the append
-- chains from the hash kept on the stream's row (streams.last_hash).
DROP TRIGGER IF EXISTS events_hash_chain ON events;
DROP FUNCTION IF EXISTS events_hash_chain();

-- Caches of identities (sessions, users, roles; API keys later) hear at once of a change to one of
-- these streams, in the transaction that made it (delivered at commit, never lost to a crash).
CREATE OR REPLACE FUNCTION notify_stream_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('streams_changed', NEW.stream_id);
  RETURN NULL;
END;
$$;

DROP TRIGGER IF EXISTS streams_changed ON streams;
CREATE TRIGGER streams_changed AFTER INSERT OR UPDATE OF version ON streams
  FOR EACH ROW WHEN (NEW.stream_type IN ('user', 'role', 'api_key')) EXECUTE FUNCTION notify_stream_changed();
