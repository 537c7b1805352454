-- Up Migration

-- Metered usage events an organization sent in the last 35 days, by the sender's id: a repeat of an
-- id answers the first outcome and changes nothing. Written in the transaction of the usage's append
-- (services/credits/usage-ids.ts); a row older than 35 days no longer counts and is taken over by the
-- next event with its id.
CREATE TABLE usage_event_ids (
  org_id      uuid NOT NULL,
  event_id    text NOT NULL,
  outcome     jsonb NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (org_id, event_id)
);

-- Down Migration

DROP TABLE usage_event_ids;
