import type { Queryable } from '../services/eventstore/store.ts';
import type { DriftDifference, DriftResult } from './drift.ts';

/** The last drift check of each read model, kept in read_model_drift: the projections page and the metric read it. */
export interface DriftStatus {
  readModel: string;
  status: 'running' | 'done' | 'failed';
  progress: number;
  rows: number;
  differences: DriftDifference[];
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export async function driftStarted(db: Queryable, names: string[]): Promise<void> {
  await db.query(
    `INSERT INTO read_model_drift (read_model, status, progress, rows, differences, error, started_at, finished_at)
     SELECT n, 'running', 0, 0, '[]', NULL, now(), NULL FROM unnest($1::text[]) AS n
     ON CONFLICT (read_model) DO UPDATE SET status = 'running', progress = 0, error = NULL, started_at = now(), finished_at = NULL`,
    [names],
  );
}

export async function driftProgress(db: Queryable, name: string, progress: number): Promise<void> {
  await db.query(`UPDATE read_model_drift SET progress = $2 WHERE read_model = $1 AND status = 'running'`, [name, progress]);
}

export async function driftFinished(db: Queryable, result: DriftResult): Promise<void> {
  await db.query(
    `UPDATE read_model_drift SET status = 'done', progress = 1, rows = $2, differences = $3, error = NULL, finished_at = now() WHERE read_model = $1`,
    [result.readModel, result.rows, JSON.stringify(result.differences)],
  );
}

export async function driftFailed(db: Queryable, name: string, error: string): Promise<void> {
  await db.query(`UPDATE read_model_drift SET status = 'failed', error = $2, finished_at = now() WHERE read_model = $1`, [name, error]);
}

export async function driftStatuses(db: Queryable): Promise<DriftStatus[]> {
  const res = await db.query(
    `SELECT read_model, status, progress::float8 AS progress, rows::int AS rows, differences, error, started_at, finished_at FROM read_model_drift ORDER BY read_model`,
  );
  return res.rows.map((r) => ({
    readModel: r.read_model,
    status: r.status,
    progress: Number(r.progress),
    rows: r.rows,
    differences: r.differences,
    error: r.error,
    startedAt: new Date(r.started_at).toISOString(),
    finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
  }));
}
