import type { Projection } from '../types.ts';
import type { StripeEventProcessed, StripeEventReceived } from '../../services/billing/events.ts';
import { paymentRow } from './row.ts';

/** Money that moved at Stripe: paid checkouts, paid renewal invoices, auto top-ups, refunds (amounts in cents). */
export const paymentsProjection: Projection<StripeEventReceived | StripeEventProcessed> = {
  name: 'payments',
  // 2: auto top-ups' payments (payment_intent.succeeded) are rows too.
  version: 2,
  handles: ['StripeEventReceived', 'StripeEventProcessed'] satisfies (StripeEventReceived | StripeEventProcessed)['type'][],
  tables: ['payment_transactions'],
  schema: (t) => `
    CREATE TABLE ${t('payment_transactions')} (
      id              bigint PRIMARY KEY,
      event_id        text NOT NULL UNIQUE,
      event_type      text NOT NULL,
      kind            text NOT NULL,
      object_id       text NOT NULL,
      amount_total    bigint NOT NULL,
      amount_subtotal bigint,
      currency        text NOT NULL,
      event_created   timestamptz,
      user_id         text,
      org_id          text,
      plan_id         text,
      subscription_id text,
      customer        text,
      invoice         text,
      payment_intent  text,
      payment_status  text,
      mode            text,
      created_at      timestamptz NOT NULL,
      position        bigint NOT NULL
    );`,
  // Made after a rebuild's load (no batch reads through them), named as before.
  indexes: (t) => `
    CREATE INDEX IF NOT EXISTS ${t('payment_transactions')}_org_id_id_idx ON ${t('payment_transactions')} (org_id, id);`,
  async apply(db, events, t) {
    for (const event of events) {
            if (event.type === 'StripeEventProcessed') {
        if (!event.data.orgId) continue;
        await db.query(`UPDATE ${t('payment_transactions')} SET org_id = $2 WHERE event_id = $1 AND org_id IS NULL`, [
          event.data.eventId,
          event.data.orgId,
        ]);
        continue;
      }
      const row = paymentRow(event.data.event);
      if (!row) continue;
      await db.query(
        `INSERT INTO ${t('payment_transactions')} (id, event_id, event_type, kind, object_id, amount_total, amount_subtotal, currency,
                                                   event_created, user_id, org_id, plan_id, subscription_id, customer, invoice,
                                                   payment_intent, payment_status, mode, created_at, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::bigint > 0 THEN to_timestamp($9::bigint) END,
                 $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $1)
         ON CONFLICT (event_id) DO NOTHING`,
        [event.globalPosition, event.data.eventId, event.data.type, row.kind, row.objectId, row.amountTotal, row.amountSubtotal,
         row.currency, event.data.created, row.userId, row.orgId, row.planId, row.subscriptionId, row.customer, row.invoice,
         row.paymentIntent, row.paymentStatus, row.mode, event.data.at],
      );
    }
  },
};
