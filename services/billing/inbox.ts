import type { Queryable } from '../platform/pool.ts';

/**
 * The durable inbox: Stripe events stored (received, or retried by an admin) whose outcome is not
 * in the log yet, oldest first. Read from the log itself (not a read model), through a partial
 * index that holds only these streams (migrations/003_stripe_inbox.sql; `stripe_pending` is
 * `stream_type = 'stripe_event' AND version % 2 = 1`, a stored column: 011_streams_hot.sql), so it stays cheap.
 */
export async function pendingStripeEvents(db: Queryable, limit = 500): Promise<string[]> {
  const res = await db.query({
    name: 'stripe-inbox',
    text: `SELECT e.data->>'eventId' AS event_id
             FROM streams s JOIN events e ON e.stream_id = s.stream_id AND e.stream_position = s.version
            WHERE s.stripe_pending
              AND e.type IN ('StripeEventReceived', 'StripeEventRetryRequested')
            ORDER BY s.updated_at
            LIMIT $1`,
    values: [limit],
  });
  return res.rows.map((r) => r.event_id as string);
}
