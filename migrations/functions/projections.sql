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
