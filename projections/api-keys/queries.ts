import type { Queryable } from '../../services/eventstore/store.ts';

export interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const iso = (v: Date | null) => (v ? v.toISOString() : null);

/** An organization's keys, newest first, with when each was last used. */
export async function orgApiKeys(db: Queryable, orgId: string): Promise<ApiKeyRow[]> {
  const res = await db.query(
    `SELECT k.id, k.name, k.prefix, k.created_at, u.last_used_at, k.revoked_at
       FROM api_keys k LEFT JOIN api_key_uses u ON u.key_id = k.id
      WHERE k.org_id = $1 ORDER BY k.created_at DESC, k.id LIMIT 500`,
    [orgId],
  );
  return res.rows.map((r) => ({
    id: r.id,
    name: r.name,
    prefix: r.prefix,
    createdAt: iso(r.created_at)!,
    lastUsedAt: iso(r.last_used_at),
    revokedAt: iso(r.revoked_at),
  }));
}
