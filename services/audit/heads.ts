import type { Queryable } from '../platform/pool.ts';
import type { SigningKey } from './signing-key.ts';
import type { SignedStatement } from './export/statement.ts';

const ORG_STREAM = /^org-/;

/**
 * Signs every organization's chain head as it stands now and keeps the statements (the daily job).
 * A head published earlier exposes a later rewrite of history: the event at its position no longer
 * has its hash. Returns how many were signed.
 */
export async function signAllHeads(db: Queryable, key: SigningKey, at = new Date()): Promise<number> {
  const res = await db.query(
    `SELECT stream_id, version, encode(last_hash, 'hex') AS hash FROM streams WHERE stream_type = 'org' AND last_hash IS NOT NULL ORDER BY stream_id`,
  );
  const signed = res.rows.map((r: { stream_id: string; version: string; hash: string }) =>
    key.sign({ orgId: r.stream_id.replace(ORG_STREAM, ''), position: Number(r.version), headHash: r.hash, count: Number(r.version), at: at.toISOString() }),
  );
  if (signed.length === 0) return 0;
  await db.query(
    `INSERT INTO audit_heads (org_id, position, head_hash, count, at, statement, signature, key_id)
     SELECT (s->'statement'->>'orgId')::uuid, (s->'statement'->>'position')::bigint, s->'statement'->>'headHash', (s->'statement'->>'count')::bigint,
            (s->'statement'->>'at')::timestamptz, s->>'statement', s->>'signature', s->>'keyId'
       FROM jsonb_array_elements($1::jsonb) AS s`,
    [JSON.stringify(signed)],
  );
  return signed.length;
}

export interface KeptHead extends Omit<SignedStatement, 'publicKey'> {
  /** Whether the event at the statement's position still has the hash it had when it was signed. */
  matches: boolean;
}

/** Kept statements, newest first (one organization's, or everyone's), each checked against the log as it is now. */
export async function keptHeads(db: Queryable, query: { orgId?: string; offset: number; limit: number }): Promise<{ total: number; data: KeptHead[] }> {
  const where = query.orgId ? 'WHERE h.org_id = $3' : '';
  const params: unknown[] = [query.limit, query.offset, ...(query.orgId ? [query.orgId] : [])];
  const [rows, count] = await Promise.all([
    db.query(
      `SELECT h.org_id::text AS org_id, h.position, h.head_hash, h.count, h.at, h.signature, h.key_id,
              coalesce(encode(e.hash, 'hex') = h.head_hash, false) AS matches
         FROM audit_heads h
         LEFT JOIN event_log e ON e.stream_id = 'org-' || h.org_id::text AND e.stream_position = h.position
        ${where} ORDER BY h.at DESC, h.id DESC LIMIT $1 OFFSET $2`,
      params,
    ),
    db.query(`SELECT count(*)::int AS n FROM audit_heads h ${where.replace('$3', '$1')}`, query.orgId ? [query.orgId] : []),
  ]);
  return {
    total: count.rows[0].n as number,
    data: rows.rows.map((r) => ({
      statement: { orgId: r.org_id, position: Number(r.position), headHash: r.head_hash, count: Number(r.count), at: new Date(r.at).toISOString() },
      signature: r.signature,
      keyId: r.key_id,
      matches: r.matches as boolean,
    })),
  };
}
