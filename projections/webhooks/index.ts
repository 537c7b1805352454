import type { Projection } from '../types.ts';
import type { StripeEventLogEvent } from '../../services/billing/events.ts';

const STATUS = { StripeEventProcessed: 'processed', StripeEventIgnored: 'ignored', StripeEventFailed: 'failed' } as const;

/** Every Stripe event received, with what became of it. */
export const webhooksProjection: Projection<StripeEventLogEvent> = {
  name: 'webhooks',
  version: 1,
  handles: ['StripeEventReceived', 'StripeEventProcessed', 'StripeEventIgnored', 'StripeEventFailed', 'StripeEventRetryRequested'] satisfies StripeEventLogEvent['type'][],
  tables: ['webhook_log'],
  schema: (t) => `
    CREATE TABLE ${t('webhook_log')} (
      id           bigint PRIMARY KEY,
      event_id     text NOT NULL UNIQUE,
      type         text NOT NULL,
      status       text NOT NULL,
      reason       text,
      summary      text,
      org_id       text,
      livemode     boolean NOT NULL,
      event_created timestamptz,
      received_at  timestamptz NOT NULL,
      processed_at timestamptz,
      raw_event    jsonb NOT NULL,
      position     bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('webhook_log')}_status_received_at_idx ON ${t('webhook_log')} (status, received_at);`,
  async apply(db, events, t) {
    for (const event of events) {
            const pos = event.globalPosition;
      if (event.type === 'StripeEventReceived') {
        const d = event.data;
        await db.query(
          `INSERT INTO ${t('webhook_log')} (id, event_id, type, status, livemode, event_created, received_at, raw_event, position)
           VALUES ($1, $2, $3, 'received', $4, CASE WHEN $5::bigint > 0 THEN to_timestamp($5::bigint) END, $6, $7, $1)
           ON CONFLICT (event_id) DO NOTHING`,
          [pos, d.eventId, d.type, d.livemode, d.created, d.at, JSON.stringify(d.event)],
        );
        continue;
      }
      if (event.type === 'StripeEventRetryRequested') {
        // Waiting for an outcome again; the earlier reason stays until the new outcome replaces it.
        await db.query(`UPDATE ${t('webhook_log')} SET status = 'received', processed_at = NULL, position = $2 WHERE event_id = $1 AND position < $2`, [
          event.data.eventId,
          pos,
        ]);
        continue;
      }
      const d = event.data;
      const reason = 'reason' in d ? d.reason : null;
      const summary = 'summary' in d ? d.summary : null;
      const orgId = 'orgId' in d ? d.orgId : null;
      await db.query(
        `UPDATE ${t('webhook_log')} SET status = $2, reason = $3, summary = $4, org_id = coalesce($5, org_id), processed_at = $6, position = $7
          WHERE event_id = $1 AND position < $7`,
        [d.eventId, STATUS[event.type], reason, summary, orgId, d.at, pos],
      );
    }
  },
};
