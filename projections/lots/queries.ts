import type { Queryable } from '../../services/eventstore/store.ts';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Lots past their expiry that still hold unreserved credits (for the sweep), oldest expiry first. */
export async function lotsDue(db: Queryable, limit: number): Promise<{ orgId: string; lotId: string }[]> {
  const res = await db.query(
    `SELECT org_id::text AS "orgId", id AS "lotId" FROM credit_lots
      WHERE open AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
    [limit],
  );
  return res.rows;
}

/** Open holds past their expiry (for the sweep). */
export async function holdsDue(db: Queryable, limit: number): Promise<{ orgId: string; holdId: string }[]> {
  const res = await db.query(
    `SELECT org_id::text AS "orgId", id::text AS "holdId" FROM credit_holds
      WHERE status = 'open' AND expires_at <= now() ORDER BY expires_at LIMIT $1`,
    [limit],
  );
  return res.rows;
}

/** Every lot of an organization, open ones first in grant order, then the closed ones newest first. */
export async function orgLots(db: Queryable, orgId: string) {
  const res = await db.query(
    `SELECT id, source, amount::float8 AS amount, remaining::float8 AS remaining, reserved::float8 AS reserved, expired::float8 AS expired,
            priority, expires_at, granted_at, description
       FROM credit_lots WHERE org_id = $1
      ORDER BY remaining = 0, CASE WHEN remaining > 0 THEN position ELSE -position END LIMIT 500`,
    [orgId],
  );
  return res.rows.map((r) => ({
    id: r.id as string,
    source: r.source,
    amount: r.amount as number,
    remaining: r.remaining as number,
    reserved: r.reserved as number,
    expired: r.expired as number,
    priority: r.priority as number,
    expiresAt: iso(r.expires_at),
    grantedAt: iso(r.granted_at)!,
    description: r.description as string,
    status: (r.remaining > 0 ? 'open' : r.expired > 0 ? 'expired' : 'spent') as 'open' | 'spent' | 'expired',
  }));
}

/** An organization's latest holds, newest first. */
export async function orgHolds(db: Queryable, orgId: string, limit = 50) {
  const res = await db.query(
    `SELECT id::text, credits::float8 AS credits, captured::float8 AS captured, status, expires_at, description, placed_at, closed_at
       FROM credit_holds WHERE org_id = $1 ORDER BY position DESC LIMIT $2`,
    [orgId, limit],
  );
  return res.rows.map((r) => ({
    holdId: r.id as string,
    credits: r.credits as number,
    captured: r.captured as number,
    status: r.status as 'open' | 'captured' | 'released' | 'expired',
    expiresAt: iso(r.expires_at)!,
    description: r.description as string,
    placedAt: iso(r.placed_at)!,
    closedAt: iso(r.closed_at),
  }));
}

/** How many holds are open across every organization (the `credits_holds_open` gauge). */
export async function openHoldsCount(db: Queryable): Promise<number> {
  const res = await db.query(`SELECT count(*)::int AS n FROM credit_holds WHERE status = 'open'`);
  return res.rows[0].n as number;
}
