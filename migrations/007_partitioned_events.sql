-- Up Migration

-- The log partitioned by time, one partition a month (issue 30). The events written so far stay where
-- they are: the old table becomes the partition of everything before the first monthly one, without a
-- copy (its range is checked first, so attaching it does not scan it under a lock). New months are
-- made ahead by ensure_event_partitions (functions/event-log.sql), at every migration run and daily by
-- the workers; a default partition takes anything no month covers, so an append never fails for want
-- of a partition.
--
-- A partitioned table's primary key must hold the partition key: (stream_id, stream_position,
-- created_at). A stream's positions stay unique because append_to_stream takes them from the stream's
-- row, under its lock, as it always has.

ALTER TABLE events RENAME TO events_unpartitioned;
-- Its key gives way to the log's (attaching builds that one on it, and the safe-order index likewise).
ALTER TABLE events_unpartitioned DROP CONSTRAINT events_pkey;
ALTER INDEX events_safe_order_idx RENAME TO events_unpartitioned_safe_order_idx;

CREATE TABLE events (LIKE events_unpartitioned INCLUDING DEFAULTS INCLUDING STORAGE) PARTITION BY RANGE (created_at);
ALTER TABLE events ADD PRIMARY KEY (stream_id, stream_position, created_at);
CREATE INDEX events_safe_order_idx ON events (transaction_id, global_position);
ALTER SEQUENCE events_global_position_seq OWNED BY events.global_position;

DO $$
DECLARE
  upto timestamptz := date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '1 month';
  name text := 'events_upto_' || to_char(upto AT TIME ZONE 'UTC', 'YYYY_MM');
BEGIN
  EXECUTE format('ALTER TABLE events_unpartitioned ADD CONSTRAINT %I CHECK (created_at < %L) NOT VALID', name || '_range', upto);
  EXECUTE format('ALTER TABLE events_unpartitioned VALIDATE CONSTRAINT %I', name || '_range');
  EXECUTE format('ALTER TABLE events_unpartitioned RENAME TO %I', name);
  EXECUTE format('ALTER TABLE events ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', name, upto);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', name, name || '_range');
END $$;

CREATE TABLE events_default PARTITION OF events DEFAULT;

-- Partitions detached from the log (archived) live here; the view event_log still reads them.
CREATE SCHEMA IF NOT EXISTS events_archive;

-- Down Migration

DROP VIEW IF EXISTS event_log;
DROP SCHEMA IF EXISTS events_archive CASCADE;
