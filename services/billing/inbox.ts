import type { Queryable } from '../platform/pool.ts';

/**
 * The durable inbox: Stripe events stored (received, or retried by an admin) whose outcome is not
 * in the log yet, oldest first. Read from the log itself (not a read model): the pending streams
 * through a partial index that holds only them (migrations/003_stripe_inbox.sql; `stripe_pending` is
 * `stream_type = 'stripe_event' AND version % 2 = 1`, a stored column: 011_streams_hot.sql), then
 * each one's last event by its key. The events are looked up per stream (the lateral subquery, kept
 * apart by OFFSET 0) so the plan can never join the whole log: as a plain join, the generic plan of a
 * database whose statistics autovacuum had not gathered yet hashed every event (a parallel scan of
 * 200,000 events, 184 ms on three processes, at every sweep of the bench's worker).
 */
export const PENDING_STRIPE_EVENTS = `SELECT e.event_id
  FROM streams s
 CROSS JOIN LATERAL (SELECT ev.data->>'eventId' AS event_id FROM events ev
                      WHERE ev.stream_id = s.stream_id AND ev.stream_position = s.version
                        AND ev.type IN ('StripeEventReceived', 'StripeEventRetryRequested') OFFSET 0) e
 WHERE s.stripe_pending
 ORDER BY s.updated_at
 LIMIT $1`;

export async function pendingStripeEvents(db: Queryable, limit = 500): Promise<string[]> {
  const res = await db.query({ name: 'stripe-inbox', text: PENDING_STRIPE_EVENTS, values: [limit] });
  return res.rows.map((r) => r.event_id as string);
}
