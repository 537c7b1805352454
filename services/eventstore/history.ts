import { EVENT_COLUMNS, toStoredEvent, type EventRow, type Queryable } from './store.ts';
import type { StoredEvent } from './types.ts';

/** One page of a stream's events (its history), with the stream's version; null when there is no such stream. */
export async function streamPage(
  db: Queryable,
  streamId: string,
  page: { offset: number; limit: number; descending: boolean },
): Promise<{ version: number; events: StoredEvent[] } | null> {
  const res = await db.query(
    `SELECT s.version, (SELECT coalesce(json_agg(e), '[]'::json) FROM (
        SELECT ${EVENT_COLUMNS} FROM event_log WHERE stream_id = $1
         ORDER BY stream_position ${page.descending ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3) e) AS events
       FROM streams s WHERE s.stream_id = $1`,
    [streamId, page.limit, page.offset],
  );
  const row = res.rows[0];
  return row ? { version: Number(row.version), events: (row.events as EventRow[]).map(toStoredEvent) } : null;
}

/** A stream's events recorded up to a moment, in order (to fold its state as of then). */
export async function streamUntil(db: Queryable, streamId: string, at: Date): Promise<StoredEvent[]> {
  const res = await db.query(`SELECT ${EVENT_COLUMNS} FROM event_log WHERE stream_id = $1 AND created_at <= $2 ORDER BY stream_position`, [streamId, at]);
  return res.rows.map(toStoredEvent);
}
