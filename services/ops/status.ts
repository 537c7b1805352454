import type pg from 'pg';
import type { z } from 'zod';
import type { ProjectionStatus } from './schemas.ts';

type Status = z.infer<typeof ProjectionStatus>;

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
