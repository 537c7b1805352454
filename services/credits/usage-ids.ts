import type { Queryable } from '../eventstore/store.ts';
import { DuplicateCommandError } from '../eventstore/errors.ts';

/** How long an organization's usage event id is remembered: a repeat within it is a duplicate. */
export const USAGE_DEDUP_DAYS = 35;
export const dedupCutoff = (at: string) => new Date(Date.parse(at) - USAGE_DEDUP_DAYS * 86_400_000).toISOString();

/** What a usage event's id answers again when repeated. */
export interface UsageOutcome {
  credits: string;
}

/** What the organization's usage ids say, with (for a quote) the versions of streams read in the same round trip. */
export interface UsageRead {
  versions: Map<string, number>;
  /** The ids sent since the cutoff, with their first outcome: duplicates. */
  seen: Map<string, UsageOutcome>;
  /** The ids whose row is older than the cutoff: taken again as new, their row taken over. */
  stale: Set<string>;
}

/** The ids (of these) the organization sent, in one round trip with the versions of `streams` (the organization's and the rate card's, for a quote). */
export async function readUsage(db: Queryable, streams: string[], orgId: string, ids: string[], cutoff: string): Promise<UsageRead> {
  const res = await db.query<{ versions: Record<string, number> | null; ids: [string, UsageOutcome, boolean][] | null }>({
    name: 'usage-read',
    text: `SELECT (SELECT json_object_agg(stream_id, version) FROM streams WHERE stream_id = ANY($1::text[])) AS versions,
                  (SELECT json_agg(json_build_array(event_id, outcome, recorded_at >= $4)) FROM usage_event_ids
                    WHERE org_id = $2 AND event_id = ANY($3::text[])) AS ids`,
    values: [streams, orgId, ids, cutoff],
  });
  const row = res.rows[0];
  const seen = new Map<string, UsageOutcome>();
  const stale = new Set<string>();
  for (const [id, outcome, recent] of row?.ids ?? []) {
    if (recent) seen.set(id, outcome);
    else stale.add(id);
  }
  return { versions: new Map(Object.entries(row?.versions ?? {}).map(([k, v]) => [k, Number(v)])), seen, stale };
}

const UNIQUE_VIOLATION = '23505';

/**
 * Remembers accepted ids, in the transaction of their append: a new id is inserted (a plain insert:
 * it is half the work of an upsert), a stale one's row is taken over. An id another writer
 * remembered meanwhile makes the whole transaction run again, where it is found and answered as a
 * duplicate.
 */
export async function rememberUsageIds(db: Queryable, orgId: string, accepted: { id: string; outcome: UsageOutcome }[], at: string, read: Pick<UsageRead, 'stale'>, cutoff: string): Promise<void> {
  const fresh = accepted.filter((a) => !read.stale.has(a.id));
  const stale = accepted.filter((a) => read.stale.has(a.id));
  const values = (rows: typeof accepted) => [orgId, rows.map((a) => a.id), rows.map((a) => a.outcome.credits), at];
  try {
    if (fresh.length) {
      await db.query({
        name: 'usage-ids-insert',
        text: `INSERT INTO usage_event_ids (org_id, event_id, outcome, recorded_at)
               SELECT $1, id, jsonb_build_object('credits', credits), $4 FROM unnest($2::text[], $3::text[]) AS t(id, credits)`,
        values: values(fresh),
      });
    }
  } catch (err) {
    if ((err as { code?: string }).code === UNIQUE_VIOLATION) throw new DuplicateCommandError(`usage events of ${orgId}`);
    throw err;
  }
  if (stale.length === 0) return;
  const res = await db.query({
    name: 'usage-ids-take-over',
    text: `UPDATE usage_event_ids AS u SET outcome = jsonb_build_object('credits', t.credits), recorded_at = $4
             FROM unnest($2::text[], $3::text[]) AS t(id, credits)
            WHERE u.org_id = $1 AND u.event_id = t.id AND u.recorded_at < $5`,
    values: [...values(stale), cutoff],
  });
  if (res.rowCount !== stale.length) throw new DuplicateCommandError(`usage events of ${orgId}`);
}

const PURGE_BATCH = 10_000;

/**
 * Forgets the ids recorded before the window (`at` minus 35 days), in batches of 10,000 rows so no
 * one statement holds many locks: such an id is taken again as new anyway; this keeps the table to
 * the window. Returns how many rows went.
 */
export async function purgeUsageIds(db: Queryable, at: string): Promise<number> {
  const cutoff = dedupCutoff(at);
  let purged = 0;
  for (;;) {
    const res = await db.query(
      `DELETE FROM usage_event_ids WHERE ctid = ANY (ARRAY(SELECT ctid FROM usage_event_ids WHERE recorded_at < $1 LIMIT ${PURGE_BATCH}))`,
      [cutoff],
    );
    purged += res.rowCount ?? 0;
    if ((res.rowCount ?? 0) < PURGE_BATCH) return purged;
  }
}
