import type { Queryable } from '../eventstore/store.ts';
import { DuplicateCommandError } from '../eventstore/errors.ts';

/** How long an organization's usage event id is remembered: a repeat within it is a duplicate. */
export const USAGE_DEDUP_DAYS = 35;
export const dedupCutoff = (at: string) => new Date(Date.parse(at) - USAGE_DEDUP_DAYS * 86_400_000).toISOString();

/** What a usage event's id answers again when repeated. */
export interface UsageOutcome {
  credits: string;
}

/** A quote's reads, in one round trip: the versions of `streams` (the organization's and the rate card's) and the ids seen. */
export interface UsageRead {
  versions: Map<string, number>;
  seen: Map<string, UsageOutcome>;
}

/** The ids (of these) the organization sent since the cutoff, with their first outcome. */
export const seenUsageIds = async (db: Queryable, orgId: string, ids: string[], cutoff: string) => (await readUsage(db, [], orgId, ids, cutoff)).seen;

export async function readUsage(db: Queryable, streams: string[], orgId: string, ids: string[], cutoff: string): Promise<UsageRead> {
  const res = await db.query<{ versions: Record<string, number> | null; seen: [string, UsageOutcome][] | null }>({
    name: 'usage-read',
    text: `SELECT (SELECT json_object_agg(stream_id, version) FROM streams WHERE stream_id = ANY($1::text[])) AS versions,
                  (SELECT json_agg(json_build_array(event_id, outcome)) FROM usage_event_ids
                    WHERE org_id = $2 AND event_id = ANY($3::text[]) AND recorded_at >= $4) AS seen`,
    values: [streams, orgId, ids, cutoff],
  });
  const row = res.rows[0];
  return { versions: new Map(Object.entries(row?.versions ?? {}).map(([k, v]) => [k, Number(v)])), seen: new Map(row?.seen ?? []) };
}

/**
 * Remembers accepted ids, in the transaction of their append (an id older than the cutoff is taken
 * over). An id another writer remembered meanwhile makes the whole transaction run again, where it
 * is found and answered as a duplicate.
 */
export async function rememberUsageIds(db: Queryable, orgId: string, accepted: { id: string; outcome: UsageOutcome }[], at: string, cutoff: string): Promise<void> {
  if (accepted.length === 0) return;
  const res = await db.query(
    `INSERT INTO usage_event_ids AS u (org_id, event_id, outcome, recorded_at)
     SELECT $1, id, jsonb_build_object('credits', credits), $4 FROM unnest($2::text[], $3::text[]) AS t(id, credits)
     ON CONFLICT (org_id, event_id) DO UPDATE SET outcome = EXCLUDED.outcome, recorded_at = EXCLUDED.recorded_at
       WHERE u.recorded_at < $5`,
    [orgId, accepted.map((a) => a.id), accepted.map((a) => a.outcome.credits), at, cutoff],
  );
  if (res.rowCount !== accepted.length) throw new DuplicateCommandError(`usage events of ${orgId}`);
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
