-- Up Migration

-- The purge of usage event ids older than the 35-day window (workers/ledger.ts, every hour) finds
-- them by when they were recorded.
CREATE INDEX usage_event_ids_recorded_at ON usage_event_ids (recorded_at);

-- Down Migration

DROP INDEX usage_event_ids_recorded_at;
