import type { Queryable } from './store.ts';

/**
 * The log is partitioned by month (migrations/007_partitioned_events.sql; the functions live in
 * migrations/functions/event-log.sql). These are the calls the workers and the `log-partitions`
 * command make.
 */

export interface LogPartition {
  name: string;
  /** In the log, or detached into the archive schema (still read through event_log). */
  archived: boolean;
  /** The range it holds, as Postgres states it (`FOR VALUES FROM (…) TO (…)`, `DEFAULT`); null once archived. */
  bounds: string | null;
  events: number;
}

/** Makes this month's partition and `monthsAhead` more when missing; answers how many it made. */
export async function ensureEventPartitions(db: Queryable, monthsAhead: number): Promise<number> {
  const res = await db.query('SELECT ensure_event_partitions($1) AS made', [monthsAhead]);
  return Number(res.rows[0].made);
}

/** Every partition of the log and every archived one, oldest first. */
export async function listEventPartitions(db: Queryable): Promise<LogPartition[]> {
  const res = await db.query(
    `SELECT c.relname AS name, n.nspname = 'events_archive' AS archived,
            CASE WHEN n.nspname = 'public' THEN pg_get_expr(c.relpartbound, c.oid) END AS bounds
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND ((n.nspname = 'public' AND c.relispartition AND EXISTS (
              SELECT 1 FROM pg_inherits i WHERE i.inhrelid = c.oid AND i.inhparent = 'public.events'::regclass))
         OR n.nspname = 'events_archive')
      ORDER BY c.relname = 'events_default', c.relname LIKE 'events_upto_%' DESC, c.relname`,
  );
  const out: LogPartition[] = [];
  for (const row of res.rows as { name: string; archived: boolean; bounds: string | null }[]) {
    const schema = row.archived ? 'events_archive' : 'public';
    const count = await db.query(`SELECT count(*)::int AS n FROM "${schema}"."${row.name.replaceAll('"', '""')}"`);
    out.push({ name: row.name, archived: row.archived, bounds: row.bounds, events: count.rows[0].n });
  }
  return out;
}

/** Detaches a partition of the log into the archive schema (event_log still reads it). */
export async function archiveEventPartition(db: Queryable, name: string): Promise<void> {
  await db.query('SELECT archive_event_partition($1)', [name]);
}

/** Attaches an archived partition to the log again. */
export async function restoreEventPartition(db: Queryable, name: string): Promise<void> {
  await db.query('SELECT restore_event_partition($1)', [name]);
}
