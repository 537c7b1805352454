-- The read models' batch lock, in one home: every catch-up (projections/catch-up.ts) and the drift
-- check hold it for a read model version while they move it, so they take turns on it. Applied after
-- the migrations on every run (see migrations/run.ts); safe to run again.
CREATE OR REPLACE FUNCTION projection_batch_lock(p_name text, p_version int) RETURNS void LANGUAGE sql AS $$
  SELECT pg_advisory_xact_lock(hashtext('projection:' || p_name || ':' || p_version))
$$;
