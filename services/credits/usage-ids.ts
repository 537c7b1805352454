import type { Queryable } from '../eventstore/store.ts';
import { DuplicateCommandError } from '../eventstore/errors.ts';

/** How long an organization's usage event id is remembered: a repeat within it is a duplicate. */
export const USAGE_DEDUP_DAYS = 35;
export const dedupCutoff = (at: string) => new Date(Date.parse(at) - USAGE_DEDUP_DAYS * 86_400_000).toISOString();

/** What a usage event's id answers again when repeated. */
export interface UsageOutcome {
  credits: string;
}

/** The ids (of these) the organization sent since the cutoff, with their first outcome. */
export async function seenUsageIds(db: Queryable, orgId: string, ids: string[], cutoff: string): Promise<Map<string, UsageOutcome>> {
  const res = await db.query<{ event_id: string; outcome: UsageOutcome }>(
    `SELECT event_id, outcome FROM usage_event_ids WHERE org_id = $1 AND event_id = ANY($2::text[]) AND recorded_at >= $3`,
    [orgId, ids, cutoff],
  );
  return new Map(res.rows.map((r) => [r.event_id, r.outcome]));
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
     SELECT $1, id, outcome, $4 FROM unnest($2::text[], $3::jsonb[]) AS t(id, outcome)
     ON CONFLICT (org_id, event_id) DO UPDATE SET outcome = EXCLUDED.outcome, recorded_at = EXCLUDED.recorded_at
       WHERE u.recorded_at < $5`,
    [orgId, accepted.map((a) => a.id), accepted.map((a) => JSON.stringify(a.outcome)), at, cutoff],
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
