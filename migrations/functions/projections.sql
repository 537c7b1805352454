-- The read models' batch lock, in one home: every catch-up (projections/catch-up.ts) and the drift
-- check hold it for a read model version while they move it, so they take turns on it. Applied after
-- the migrations on every run (see migrations/run.ts); safe to run again.
CREATE OR REPLACE FUNCTION projection_batch_lock(p_name text, p_version int) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('projection:' || p_name || ':' || p_version))
$$;

-- The read model versions a catch-up's batch asked for (a null version: the active one; only the live
-- ones if p_live_only), with where each stands.
CREATE OR REPLACE FUNCTION projection_batch_targets(p_names text[], p_versions int[], p_live_only boolean)
RETURNS TABLE (name text, version int, last_xid xid8, last_pos bigint) LANGUAGE sql STABLE AS $$
  SELECT c.name, c.version, c.last_xid, c.last_pos
    FROM unnest(p_names, p_versions) AS t(name, version)
    JOIN projections p ON p.name = t.name
    JOIN projection_checkpoints c ON c.name = t.name AND c.version = coalesce(t.version, p.active_version)
   WHERE NOT p_live_only OR c.status = 'live'
$$;

-- The start of a catch-up's batch, in one statement: takes the batch locks of its read model versions
-- (projection_batch_targets) in name order so two catch-ups never deadlock, then answers where each
-- stands. The checkpoints are read by a statement of their own inside the function, which takes its
-- snapshot after the locks were granted: a batch that waited for another's commit reads where that one
-- left them (one SELECT doing both would read them as they were before it waited). The batch's read of
-- the log, sent after it in the same round trip, reads them the same way (projections/catch-up.ts).
CREATE OR REPLACE FUNCTION projection_batch_start(p_names text[], p_versions int[], p_live_only boolean)
RETURNS TABLE (name text, version int, xid text, pos bigint) LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM projection_batch_lock(x.name, x.version)
     FROM (SELECT t.name, t.version FROM projection_batch_targets(p_names, p_versions, p_live_only) t ORDER BY t.name, t.version) x;
  RETURN QUERY
    SELECT t.name, t.version, t.last_xid::text, t.last_pos FROM projection_batch_targets(p_names, p_versions, p_live_only) t;
END
$$;

-- A catch-up's batch of the log: log_batch after the furthest behind of its read model versions, as
-- projection_batch_targets reads them (sent after projection_batch_start, so they are read once its
-- locks were granted). One function, so the statement that calls it costs little to plan (the join
-- of the targets with log_batch beside it took Postgres ~1.5 ms a batch to plan); its rows are log_batch's.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'projection_batch_read' AND NOT ('created_ms' = ANY(proargnames))) THEN
    DROP FUNCTION projection_batch_read(text[], int[], boolean, int, text[]);
  END IF;
END $$;
CREATE OR REPLACE FUNCTION projection_batch_read(p_names text[], p_versions int[], p_live_only boolean, p_limit int, p_types text[])
RETURNS TABLE (head_xid text, head_pos bigint, global_position bigint, transaction_id text, stream_id text, stream_position bigint,
               event_id uuid, type text, data jsonb, metadata jsonb, created_ms float8)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  behind record;
BEGIN
  SELECT t.last_xid AS xid, t.last_pos AS pos INTO behind
    FROM projection_batch_targets(p_names, p_versions, p_live_only) t ORDER BY t.last_xid, t.last_pos LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT * FROM log_batch(behind.xid, behind.pos, p_limit, p_types);
  END IF;
END
$$;

-- The end of a catch-up's batch: moves each checkpoint from where the batch read it to (p_xid, p_pos),
-- a failed one back to live, and raises (the batch then rolls back and reads again) when one had moved
-- meanwhile. Raising lets the caller send it and COMMIT in one round trip.
CREATE OR REPLACE FUNCTION projection_batch_move(p_names text[], p_versions int[], p_from_xids text[], p_from_pos bigint[], p_xid text, p_pos bigint)
RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE moved int;
BEGIN
  UPDATE projection_checkpoints c
     SET last_xid = p_xid::xid8, last_pos = p_pos, status = CASE WHEN c.status = 'failed' THEN 'live' ELSE c.status END,
         last_error = NULL, error_at = NULL, updated_at = now()
    FROM unnest(p_names, p_versions, p_from_xids, p_from_pos) AS u(name, version, xid, pos)
   WHERE c.name = u.name AND c.version = u.version AND c.last_xid = u.xid::xid8 AND c.last_pos = u.pos;
  GET DIAGNOSTICS moved = ROW_COUNT;
  IF moved <> cardinality(p_names) THEN
    RAISE EXCEPTION 'projection checkpoint moved meanwhile' USING ERRCODE = 'serialization_failure';
  END IF;
END
$$;
