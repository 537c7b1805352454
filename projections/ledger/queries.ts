import type { Queryable } from '../../services/eventstore/store.ts';
import { USAGE_MOVEMENT } from './index.ts';

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** An organization's latest credit movements, newest first. */
export async function recentTransactions(db: Queryable, orgId: string, limit: number) {
  const res = await db.query(
    `SELECT id::text, created_at, type, amount::float8 AS amount, description
       FROM credit_transactions WHERE org_id = $1 ORDER BY position DESC LIMIT $2`,
    [orgId, limit],
  );
  return res.rows.map((t) => ({ ...t, created_at: iso(t.created_at) })) as { id: string; created_at: string; type: string; amount: number; description: string }[];
}

/**
 * An organization's latest usage records, newest first: its debits' movements (one per debit: the
 * debits of a metered batch over several projects share its usage id, and each is a record).
 */
export async function recentUsage(db: Queryable, orgId: string, limit: number) {
  const res = await db.query(
    `SELECT id::text, created_at, (-amount)::float8 AS credits_used, description
       FROM credit_transactions WHERE org_id = $1 AND type = '${USAGE_MOVEMENT}' ORDER BY position DESC LIMIT $2`,
    [orgId, limit],
  );
  return res.rows.map((u) => ({ ...u, created_at: iso(u.created_at) })) as { id: string; created_at: string; credits_used: number; description: string }[];
}
