import type { Queryable } from '../../services/eventstore/store.ts';

/** Crossings of the auto top-up threshold with no attempt yet (for the ledger sweep), oldest first. */
export async function crossingsWithoutAttempt(db: Queryable, limit: number): Promise<{ orgId: string; crossing: string }[]> {
  const res = await db.query(
    `SELECT org_id::text AS "orgId", crossing FROM auto_top_up_crossings WHERE status = 'pending' ORDER BY crossed_at LIMIT $1`,
    [limit],
  );
  return res.rows;
}
