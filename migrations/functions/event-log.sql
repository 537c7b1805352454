-- The partitioned log's upkeep (migrations/007_partitioned_events.sql): months made ahead, old months
-- archived and brought back, and the view that reads the whole history. Applied after the migrations
-- on every run (see migrations/run.ts); every statement is safe to run again.

-- The whole history: the log and every archived partition. Stream loads, history pages, verification,
-- exports and rebuilds read this; an archived month is never lost to them.
CREATE OR REPLACE FUNCTION refresh_event_log() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cols text := 'global_position, transaction_id, stream_id, stream_position, event_id, type, data, metadata, created_at, hash';
  body text := format('SELECT %s FROM public.events', cols);
  t record;
BEGIN
  FOR t IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
            WHERE n.nspname = 'events_archive' AND c.relkind = 'r' ORDER BY c.relname LOOP
    body := body || format(' UNION ALL SELECT %s FROM events_archive.%I', cols, t.relname);
  END LOOP;
  EXECUTE 'CREATE OR REPLACE VIEW event_log AS ' || body;
END;
$$;

-- Makes the monthly partitions (UTC months) from this month to p_months_ahead months ahead, when no
-- partition covers them yet. Rows the default partition caught for such a month move into it. Answers
-- how many it made.
CREATE OR REPLACE FUNCTION ensure_event_partitions(p_months_ahead int DEFAULT 3) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  this_month timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  m timestamptz;
  name text;
  made int := 0;
BEGIN
  FOR i IN 0 .. p_months_ahead LOOP
    m := this_month + make_interval(months => i);
    made := made + make_event_partition(m);
  END LOOP;
  RETURN made;
END;
$$;

-- Moves the rows the default partition caught for a range [p_from, p_upto) into the table that is
-- about to become that range's partition (p_from NULL: everything before p_upto).
CREATE OR REPLACE FUNCTION take_from_default(p_table text, p_from timestamptz, p_upto timestamptz) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('WITH moved AS (DELETE FROM events_default WHERE ($1 IS NULL OR created_at >= $1) AND created_at < $2 RETURNING *) INSERT INTO %I SELECT * FROM moved', p_table)
    USING p_from, p_upto;
END;
$$;

-- The partition of the UTC month starting at p_month, unless one covers it already (1 if made, else 0).
CREATE OR REPLACE FUNCTION make_event_partition(p_month timestamptz) RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  upto timestamptz := p_month + interval '1 month';
  name text := 'events_' || to_char(p_month AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  IF to_regclass(format('public.%I', name)) IS NOT NULL OR to_regclass(format('events_archive.%I', name)) IS NOT NULL THEN
    RETURN 0;
  END IF;
  BEGIN
    EXECUTE format('CREATE TABLE %I PARTITION OF events FOR VALUES FROM (%L) TO (%L)', name, p_month, upto);
    RETURN 1;
  EXCEPTION
    WHEN invalid_object_definition THEN
      RETURN 0; -- another partition (the one from before partitioning) covers this month
    WHEN check_violation THEN
      -- The default partition holds rows of this month: move them into the month's own partition.
      EXECUTE format('CREATE TABLE %I (LIKE events INCLUDING DEFAULTS INCLUDING STORAGE)', name);
      PERFORM take_from_default(name, p_month, upto);
      EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', name, p_month, upto);
      RETURN 1;
  END;
END;
$$;

-- Archiving and restoring lock what readers lock, in the order they lock it (the view, then the log),
-- before touching a partition: a reader of event_log holding the log while waiting for the partition
-- being moved would otherwise deadlock with the move. Appends wait (at most lock_timeout) for the
-- moment the move takes.
CREATE OR REPLACE FUNCTION lock_event_log() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  SET LOCAL lock_timeout = '30s';
  LOCK TABLE event_log IN ACCESS EXCLUSIVE MODE;
  LOCK TABLE events IN ACCESS EXCLUSIVE MODE;
END;
$$;

-- Detaches a partition from the log into the archive schema (its rows leave the live table and its
-- indexes; event_log still reads them).
CREATE OR REPLACE FUNCTION archive_event_partition(p_name text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF p_name = 'events_default' OR NOT EXISTS (SELECT 1 FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
                                                 WHERE i.inhparent = 'public.events'::regclass AND c.relname = p_name) THEN
    RAISE EXCEPTION 'no partition % of the log to archive', p_name USING ERRCODE = '22023';
  END IF;
  PERFORM lock_event_log();
  EXECUTE format('ALTER TABLE events DETACH PARTITION %I', p_name);
  EXECUTE format('ALTER TABLE %I SET SCHEMA events_archive', p_name);
  PERFORM refresh_event_log();
END;
$$;

-- Brings an archived partition back into the log, with the range its name says
-- (events_YYYY_MM: that month; events_upto_YYYY_MM: everything before that month). Events appended
-- to its range while it was archived (the current month's, when that month was archived) went to
-- the default partition: they move into it first, as make_event_partition moves them.
CREATE OR REPLACE FUNCTION restore_event_partition(p_name text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m text[] := regexp_match(p_name, '^events_(upto_)?(\d{4})_(\d{2})$');
  start timestamptz;
  range_from timestamptz; -- NULL: from the start of time
  range_upto timestamptz;
BEGIN
  IF m IS NULL OR to_regclass(format('events_archive.%I', p_name)) IS NULL THEN
    RAISE EXCEPTION 'no archived partition %', p_name USING ERRCODE = '22023';
  END IF;
  start := make_timestamptz(m[2]::int, m[3]::int, 1, 0, 0, 0, 'UTC');
  IF m[1] IS NULL THEN
    range_from := start;
    range_upto := start + interval '1 month';
  ELSE
    range_upto := start;
  END IF;
  PERFORM lock_event_log();
  EXECUTE format('ALTER TABLE events_archive.%I SET SCHEMA public', p_name);
  PERFORM take_from_default(p_name, range_from, range_upto);
  EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%L)', p_name, COALESCE(quote_literal(range_from), 'MINVALUE'), range_upto);
  PERFORM refresh_event_log();
END;
$$;

SELECT refresh_event_log();
SELECT ensure_event_partitions(3);

-- A batch of the log for a catch-up (projections/catch-up.ts, services/eventstore/store.ts readBatch):
-- the events of p_types (null: every type) after (p_xid, p_pos), at most p_limit, in the order safe for read models (none
-- at or above the oldest running transaction), with the furthest position it is safe to move a
-- checkpoint to when the batch is not full (the head, read in the same snapshot, on every row and on
-- one row of its own when the batch is empty). The planner cannot tell how many events lie after a
-- position it is handed at run time, and guessed a few hundred: it then read every event after it
-- and sorted them to keep the first thousand, so a catch-up 100,000 events behind read ~50,000 rows a
-- batch (170 ms). Sorting is switched off here so it walks the log's index in order and stops at the
-- limit (1 ms), and JIT, which the switched-off sort's cost would call in, with it.
-- In PL/pgSQL, with generic plans, so each connection plans the read once: a SQL function's body is
-- planned again on every call (its five partitions and the archive view: ~2 ms of Postgres a batch on
-- the machine of the session of 2026-11-29, where the read of an empty batch took 0.1 ms to run). Its
-- parameters were never known to that planning either, so the plan is the same one.
-- Each event's time comes as milliseconds since the epoch (created_ms, a float8 holding a whole number
-- of milliseconds up to float8's rounding), not as a timestamptz: node-postgres parses a timestamptz's
-- text with a regular expression, which took a quarter of a catch-up's decoding of the log (0.25 of
-- 0.95 CPU-seconds for 200,000 events).
-- The batch's rows come straight from the log's index in its order, the head beside them as a value
-- read first: joined to a row of the head, as before, they were sorted again after the join (a join's
-- output is ordered only by its outer side), and a batch of 5,000 took 8.7 ms of Postgres instead of
-- 5.8 (50,000: 97–111 ms instead of 67–72; 2026-11-29, the bench's ledger). Each event's type is looked
-- up among the asked types as a key of a jsonb object (`?`: a binary search), not with `= ANY(p_types)`:
-- with the types a parameter of the generic plan, `= ANY` compared it with every one of them (a
-- catch-up of every read model asks for 72), and counting 700,000 events so took 330–357 ms instead
-- of 110 (69 without the filter); a rebuild reads every event of the log, those it passes over too.
-- A log_batch of an earlier shape (created_at) is dropped first: a function's result columns cannot
-- be replaced in place.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'log_batch' AND NOT ('created_ms' = ANY(proargnames))) THEN
    DROP FUNCTION log_batch(xid8, bigint, int, text[]);
  END IF;
END $$;
CREATE OR REPLACE FUNCTION log_batch(p_xid xid8, p_pos bigint, p_limit int, p_types text[])
RETURNS TABLE (head_xid text, head_pos bigint, global_position bigint, transaction_id text, stream_id text, stream_position bigint,
               event_id uuid, type text, data jsonb, metadata jsonb, created_ms float8)
LANGUAGE plpgsql STABLE SET enable_sort = off SET jit = off SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  -- The types as the keys of one object, which `?` finds by binary search (see above).
  v_types jsonb := (SELECT coalesce(jsonb_object_agg(t, true), '{}') FROM unnest(p_types) t);
  -- Events at or above the oldest running transaction are not handed out yet. Every statement here
  -- reads the caller's snapshot (a STABLE function), so the head and the batch agree.
  v_xmin xid8 := pg_snapshot_xmin(pg_current_snapshot());
  v_head_xid text;
  v_head_pos bigint;
BEGIN
  SELECT e.transaction_id::text, e.global_position INTO v_head_xid, v_head_pos
    FROM event_log e WHERE e.transaction_id < v_xmin
   ORDER BY e.transaction_id DESC, e.global_position DESC LIMIT 1;
  RETURN QUERY
  SELECT v_head_xid, v_head_pos, b.global_position, b.transaction_id::text, b.stream_id, b.stream_position,
         b.event_id, b.type, b.data, b.metadata, date_part('epoch', date_trunc('milliseconds', b.created_at)) * 1000
    FROM (SELECT e.global_position, e.transaction_id, e.stream_id, e.stream_position, e.event_id, e.type, e.data, e.metadata, e.created_at
            FROM event_log e
           WHERE (e.transaction_id, e.global_position) > (p_xid, p_pos) AND e.transaction_id < v_xmin AND (p_types IS NULL OR v_types ? e.type)
           ORDER BY e.transaction_id, e.global_position LIMIT p_limit) b
   ORDER BY b.transaction_id, b.global_position;
  -- An empty batch: the head alone, on one row (null in an empty log).
  IF NOT FOUND THEN
    RETURN QUERY SELECT v_head_xid, v_head_pos, NULL::bigint, NULL::text, NULL::text, NULL::bigint, NULL::uuid, NULL::text, NULL::jsonb, NULL::jsonb, NULL::float8;
  END IF;
END
$$;
