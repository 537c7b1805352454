-- Up Migration

-- Outbound webhooks. The secrets are kept out of the event log (it is shown in the audit history).
CREATE TABLE webhook_secrets (
  endpoint_id uuid PRIMARY KEY,
  secret      text NOT NULL
);

-- One row per endpoint and message, written by the webhook_outbox read model as it reads the log in
-- safe order (ON CONFLICT DO NOTHING: a rebuild or a repeated batch adds nothing). Delivery state
-- lives here, not in Redis: a flushed Redis loses no message.
CREATE TABLE webhook_deliveries (
  endpoint_id     uuid NOT NULL,
  message_id      text NOT NULL,
  org_id          uuid NOT NULL,
  type            text NOT NULL,
  payload         jsonb NOT NULL,
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  created_at      timestamptz NOT NULL DEFAULT now(),
  delivered_at    timestamptz,
  PRIMARY KEY (endpoint_id, message_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC);

CREATE TABLE webhook_attempts (
  id          bigserial PRIMARY KEY,
  endpoint_id uuid NOT NULL,
  message_id  text NOT NULL,
  attempt     integer NOT NULL,
  at          timestamptz NOT NULL DEFAULT now(),
  status_code integer,
  duration_ms integer NOT NULL,
  error       text
);
CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (endpoint_id, message_id, attempt);

-- Down Migration

DROP TABLE webhook_attempts;
DROP TABLE webhook_deliveries;
DROP TABLE webhook_secrets;
