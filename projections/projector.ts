import type pg from 'pg';
import { sqlLiteral } from '../services/platform/sql-literal.ts';
import { comparePositions, type LogPosition } from '../services/eventstore/types.ts';
import { projections as allProjections } from './registry.ts';
import { tableNames, type Projection } from './types.ts';

export const PROGRESS_CHANNEL = 'projection_progress';

/**
 * Opens a read model's batch transaction. Its commit does not wait for the WAL flush: a read model
 * and its checkpoint commit together, so a crash of Postgres can only lose the last batches whole,
 * and they are applied again from the log (which is written with full durability). Under load this
 * takes a read model's commits out of the appends' flush queue.
 */
export const BEGIN_BATCH = 'BEGIN; SET LOCAL synchronous_commit = off';

/** The lock creating a read model's tables takes (its batches take projection_batch_lock, migrations/functions/projections.sql). */
const lockKey = (name: string) => `projection:${name}`;

/** Creates each projection's tables, view and checkpoint when missing (answers the names of those it created). Safe to run from many processes. */
export async function ensureProjections(pool: pg.Pool, list: readonly Projection[] = allProjections): Promise<string[]> {
  const client = await pool.connect();
  const created: string[] = [];
  try {
    for (const projection of list) {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey(projection.name)]);
      const found = await client.query('SELECT active_version FROM projections WHERE name = $1', [projection.name]);
      if (found.rowCount === 0) {
        const t = tableNames(projection.version);
        await client.query(projection.schema(t));
        if (projection.indexes) await client.query(projection.indexes(t));
        for (const table of projection.tables) {
          await client.query(`CREATE OR REPLACE VIEW ${table} AS SELECT * FROM ${t(table)}`);
        }
        await client.query('INSERT INTO projections (name, active_version) VALUES ($1, $2)', [projection.name, projection.version]);
        await client.query('INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2)', [projection.name, projection.version]);
        created.push(projection.name);
      }
      await client.query('COMMIT');
    }
    return created;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

export class ProjectionError extends Error {
  constructor(
    readonly projection: string,
    readonly position: number,
    cause: unknown,
  ) {
    super(`projection ${projection} failed at position ${position}: ${(cause as Error)?.message ?? cause}`, { cause });
  }
}

/** What a progress notification says: the read model versions a batch moved, and where to. */
export interface ProgressNotice extends LogPosition {
  versions: Record<string, number>;
}

/**
 * The statement that tells readers waiting on read models (projections/progress.ts) how far these have
 * come; sent after their batch's COMMIT, in the same round trip. One notification a batch for all the
 * read models it moved (they move to the same place): one each was 22 a batch, some 1,000 a second
 * under the debits, for every API process to hear and parse. Lost only if the process dies right
 * there: the waiters also poll the checkpoints.
 */
export function progressNotice(moved: { name: string; version: number }[], position: LogPosition): string {
  const notice: ProgressNotice = { xid: position.xid, pos: position.pos, versions: Object.fromEntries(moved.map((m) => [m.name, m.version])) };
  return `SELECT pg_notify('${PROGRESS_CHANNEL}', ${sqlLiteral(JSON.stringify(notice))})`;
}

/**
 * A progress notification's payload, or null for one of another shape (a worker of the release before
 * sent one per read model, without `versions`: its progress is read by polling the checkpoints instead).
 */
export function readProgressNotice(payload: string | undefined): ProgressNotice | null {
  const notice = JSON.parse(payload ?? '{}') as Partial<ProgressNotice>;
  return notice.versions && notice.xid !== undefined && notice.pos !== undefined ? (notice as ProgressNotice) : null;
}

export function positionPassed(checkpoint: LogPosition, target: LogPosition): boolean {
  return comparePositions(checkpoint, target) >= 0;
}
