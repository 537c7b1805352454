import type { Queryable } from '../../services/eventstore/store.ts';

export interface EndpointRow {
  id: string;
  url: string;
  events: string[];
  createdAt: string;
}

/** An organization's live endpoints, oldest first. */
export async function orgEndpoints(db: Queryable, orgId: string): Promise<EndpointRow[]> {
  const res = await db.query(
    `SELECT id, url, events, created_at FROM webhook_endpoints WHERE org_id = $1 AND removed_at IS NULL ORDER BY created_at, id LIMIT 100`,
    [orgId],
  );
  return res.rows.map((r) => ({ id: r.id, url: r.url, events: r.events, createdAt: r.created_at.toISOString() }));
}

/** Whose endpoint this is (removed ones too: their log stays readable), or null. */
export async function endpointOrg(db: Queryable, endpointId: string): Promise<string | null> {
  return (await db.query('SELECT org_id FROM webhook_endpoints WHERE id = $1', [endpointId])).rows[0]?.org_id ?? null;
}
