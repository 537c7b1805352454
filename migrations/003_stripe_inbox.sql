-- Up Migration

-- The Stripe inbox: the events received and not applied yet. A Stripe event's stream alternates a
-- request (received, or an admin's retry) and an outcome (processed, ignored, failed), so an odd
-- version is an event waiting for its outcome. This index holds only those: the worker's sweep
-- reads it every few seconds, whatever the size of the log.
CREATE INDEX streams_stripe_pending_idx ON streams (stream_id) WHERE stream_type = 'stripe_event' AND version % 2 = 1;

-- Down Migration

DROP INDEX streams_stripe_pending_idx;
