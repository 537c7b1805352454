import type pg from 'pg';

/** Where one read model stands (the ops page and the metrics show it). */
export interface Status {
  name: string;
  version: number;
  position: number;
  headPosition: number;
  lag: number;
  lagSeconds: number;
  status: 'live' | 'rebuilding' | 'failed';
  progress: number;
  lastError: string | null;
  rebuildingVersion: number | null;
  oldestOpenTransactionSeconds: number;
}

/** Where every read model stands against the head of the log, and any rebuild under way. */
export async function projectionStatuses(pool: pg.Pool): Promise<Status[]> {
  const [rows, head, oldest] = await Promise.all([
    pool.query(
      `SELECT p.name, p.active_version AS version, c.last_pos, c.status, c.last_error,
              r.version AS r_version, r.last_pos AS r_pos, r.status AS r_status, r.last_error AS r_error,
              (SELECT extract(epoch FROM now() - min(e.created_at)) FROM events e
                WHERE (e.transaction_id, e.global_position) > (c.last_xid, c.last_pos)) AS lag_seconds,
              (SELECT count(*) FROM events e WHERE (e.transaction_id, e.global_position) > (c.last_xid, c.last_pos)) AS lag,
              (SELECT count(*) FROM events e WHERE (e.transaction_id, e.global_position) > (r.last_xid, r.last_pos)) AS r_lag
         FROM projections p
         JOIN projection_checkpoints c ON c.name = p.name AND c.version = p.active_version
         LEFT JOIN LATERAL (SELECT * FROM projection_checkpoints x WHERE x.name = p.name AND x.version <> p.active_version
                             ORDER BY x.version DESC LIMIT 1) r ON true
        ORDER BY p.name`,
    ),
    pool.query('SELECT coalesce(max(global_position), 0) AS head, count(*) AS total FROM events'),
    pool.query(
      `SELECT coalesce(extract(epoch FROM now() - min(xact_start)), 0) AS seconds FROM pg_stat_activity
        WHERE backend_xid IS NOT NULL AND pid <> pg_backend_pid()`,
    ),
  ]);
  const headPosition = Number(head.rows[0].head);
  const total = Number(head.rows[0].total);
  const oldestOpenTransactionSeconds = Number(oldest.rows[0].seconds);
  return rows.rows.map((row) => {
    const position = Number(row.last_pos);
    const rebuilding = row.r_version != null && row.r_status === 'rebuilding';
    const failed = row.status === 'failed' || row.r_status === 'failed';
    return {
      name: row.name,
      version: row.version,
      position,
      headPosition,
      lag: Number(row.lag),
      lagSeconds: Number(row.lag_seconds ?? 0),
      status: failed ? 'failed' : rebuilding ? 'rebuilding' : 'live',
      progress: rebuilding ? Math.min(0.99, 1 - Number(row.r_lag) / Math.max(1, total)) : 1,
      lastError: row.last_error ?? row.r_error ?? null,
      rebuildingVersion: row.r_version ?? null,
      oldestOpenTransactionSeconds,
    };
  });
}

/** Whether every live read model has applied every committed event (compared in the log's safe order). */
export async function projectionsCaughtUp(pool: pg.Pool): Promise<boolean> {
  const res = await pool.query(
    `SELECT NOT EXISTS (
       SELECT 1 FROM projections p JOIN projection_checkpoints c ON c.name = p.name AND c.version = p.active_version
        WHERE EXISTS (SELECT 1 FROM events e WHERE (e.transaction_id, e.global_position) > (c.last_xid, c.last_pos))
     ) AS done`,
  );
  return res.rows[0].done === true;
}

/** A failed read model is retried by the safety net at most this often (its catch-up job backs off by itself). */
export const FAILED_RETRY_SECONDS = 60;

/**
 * A live read model whose checkpoint moved less than this long ago is being caught up (by a worker's
 * live catch-up, whose next wake-up serves what it is behind): the safety net leaves it to it. Under a
 * steady stream every read model is a few events behind at any moment, and the net's own batch every
 * second waited for the live catch-up's locks and then held them: in the bench's lag scenario (1,000
 * events a second) the live batch's first statement took up to 24 ms behind it, against 3 ms at p50.
 */
export const MOVING_SECONDS = 1;

/**
 * The live read models with events of the log after their checkpoint (held back or not) that did not
 * move in the last MOVING_SECONDS, leaving out one that failed less than FAILED_RETRY_SECONDS ago:
 * what the safety net catches up. A wake-up lost at the end of a stream is made up for a second or two
 * later.
 */
export async function projectionsBehind(pool: pg.Pool): Promise<{ name: string; version: number; failed: boolean }[]> {
  const res = await pool.query(
    `SELECT c.name, c.version, c.status = 'failed' AS failed FROM projections p JOIN projection_checkpoints c ON c.name = p.name AND c.version = p.active_version
      WHERE (c.status = 'failed' AND (c.error_at IS NULL OR c.error_at < now() - make_interval(secs => $1))
             OR c.status <> 'failed' AND c.updated_at < now() - make_interval(secs => $2))
        AND EXISTS (SELECT 1 FROM events e WHERE (e.transaction_id, e.global_position) > (c.last_xid, c.last_pos))`,
    [FAILED_RETRY_SECONDS, MOVING_SECONDS],
  );
  return res.rows.map((r) => ({ name: r.name as string, version: Number(r.version), failed: r.failed === true }));
}
