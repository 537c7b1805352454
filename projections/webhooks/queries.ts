import type { Queryable } from '../../services/eventstore/store.ts';
import { iso, pagedRows, type PageQuery, type PagedSource } from '../../services/platform/paging.ts';

const WEBHOOK_COLUMNS = `id::int AS id, event_id, type, status, reason, summary, org_id, livemode, ${iso('event_created')},
  ${iso('received_at')}, ${iso('processed_at')}`;

const webhookLog: PagedSource = {
  from: 'webhook_log',
  columns: WEBHOOK_COLUMNS,
  sortable: { id: 'id', type: 'type', status: 'status', received_at: 'received_at', processed_at: 'processed_at', event_created: 'event_created' },
  searchable: ['event_id', 'type', 'status', 'reason', 'org_id'].map((c) => `${c}::text`),
  tieBreak: 'id',
};

/** One page of the Stripe webhook log. */
export const pageWebhookLog = <R = Record<string, unknown>>(db: Queryable, query: PageQuery) => pagedRows<R>(db, webhookLog, query);

/** One logged webhook event with its raw payload, or null. */
export async function webhookLogEntry(db: Queryable, id: number) {
  const res = await db.query(`SELECT ${WEBHOOK_COLUMNS}, raw_event FROM webhook_log WHERE id = $1`, [id]);
  return res.rows[0] ?? null;
}
