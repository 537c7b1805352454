import type pg from 'pg';
import type { EventStore } from '../services/eventstore/store.ts';
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

const lockKey = (name: string) => `projection:${name}`;
/** The advisory lock a batch of one projection version holds: concurrent workers take turns on it. */
export const batchLockKey = (name: string, version: number) => `${lockKey(name)}:${version}`;

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

export interface CatchUpOptions {
  batchSize?: number;
  /** How long to keep polling for events held back by a transaction that is still open. */
  settleMs?: number;
  /** Stops early (for shutdown). */
  signal?: AbortSignal;
  onBatch?: (applied: number, position: LogPosition) => void;
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings one projection version up to the head of the log. Each batch is read in safe order,
 * applied, and the checkpoint moved with a compare-and-set in the same transaction. An advisory
 * lock makes concurrent workers take turns, so a wake-up seen by a waiting worker is never lost.
 */
export async function catchUp(
  pool: pg.Pool,
  store: EventStore,
  projection: Projection,
  version: number = projection.version,
  options: CatchUpOptions = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const settleUntil = Date.now() + (options.settleMs ?? 1000);
  const t = tableNames(version);
  let total = 0;
  for (;;) {
    if (options.signal?.aborted) return total;
    const client = await pool.connect();
    let broken: Error | undefined;
    let read = 0;
    let position: LogPosition | null = null;
    let committed: LogPosition | null = null;
    try {
      await client.query(BEGIN_BATCH);
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [batchLockKey(projection.name, version)]);
      const cp = await client.query(
        `SELECT last_xid::text AS xid, last_pos AS pos FROM projection_checkpoints WHERE name = $1 AND version = $2`,
        [projection.name, version],
      );
      if (cp.rowCount === 0) throw new Error(`no checkpoint for projection ${projection.name} v${version}`);
      const from: LogPosition = { xid: cp.rows[0].xid, pos: Number(cp.rows[0].pos) };
      const batch = await store.readBatch(from, batchSize, projection.handles, client);
      const events = batch.events;
      read = events.length;
      // A batch that is not full has seen every relevant event up to the safe head: move there.
      const last = events.at(-1);
      position = read < batchSize && batch.head && comparePositions(batch.head, from) > 0
        ? batch.head
        : last ? { xid: last.transactionId, pos: last.globalPosition } : from;
      if (comparePositions(position, from) === 0) {
        await client.query('COMMIT');
      } else {
        if (read > 0) {
          try {
            await projection.apply(client, events, t);
          } catch (err) {
            await client.query('ROLLBACK');
            const failedAt = await findFailingPosition(pool, projection, t, events);
            await recordFailure(pool, projection.name, version, failedAt, err);
            throw new ProjectionError(projection.name, failedAt, err);
          }
        }
        const moved = await client.query(
          `UPDATE projection_checkpoints
              SET last_xid = $3::xid8, last_pos = $4, status = CASE WHEN status = 'failed' THEN 'live' ELSE status END,
                  last_error = NULL, error_at = NULL, updated_at = now()
            WHERE name = $1 AND version = $2 AND last_xid = $5::xid8 AND last_pos = $6`,
          [projection.name, version, position.xid, position.pos, from.xid, from.pos],
        );
        if (moved.rowCount !== 1) {
          await client.query('ROLLBACK');
          continue;
        }
        await client.query('COMMIT');
        total += read;
        committed = position;
        options.onBatch?.(read, position);
      }
    } catch (err) {
      // A connection that cannot even roll back (lost, or stuck behind a timed-out statement) is closed, not pooled.
      if (!(err instanceof ProjectionError)) await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      throw err;
    } finally {
      client.release(broken);
    }
    // Announced after the commit (and with the connection back): a NOTIFY inside the batch would take the cluster-wide commit lock with it.
    if (committed) await notifyProgress(pool, [{ name: projection.name, version, position: committed }]);
    if (read === batchSize) continue;
    // Caught up as far as is visible; wait briefly for events held back by open transactions.
    if (Date.now() < settleUntil && position && (await store.hasEventsAfter(position, projection.handles))) {
      await sleep(10);
      continue;
    }
    return total;
  }
}

/**
 * Tells readers waiting on read models (projections/progress.ts) how far these have come, in one
 * statement of its own after their batch committed. Lost only if the process dies right here: the
 * waiters also poll the checkpoints.
 */
export async function notifyProgress(pool: pg.Pool, moved: { name: string; version: number; position: LogPosition }[]): Promise<void> {
  if (moved.length === 0) return;
  const payloads = moved.map(({ name, version, position }) => JSON.stringify({ name, version, xid: position.xid, pos: position.pos }));
  await pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [PROGRESS_CHANNEL, payloads]).catch(() => {});
}

/** Which event of a failed batch throws: applied one by one in a transaction that is rolled back. */
async function findFailingPosition(
  pool: pg.Pool,
  projection: Projection,
  t: ReturnType<typeof tableNames>,
  events: Parameters<Projection['apply']>[1],
): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const event of events) {
      try {
        await client.query('SAVEPOINT one');
        await projection.apply(client, [event], t);
        await client.query('RELEASE SAVEPOINT one');
      } catch {
        return event.globalPosition;
      }
    }
    return events[0]?.globalPosition ?? 0;
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
}

async function recordFailure(pool: pg.Pool, name: string, version: number, position: number, err: unknown) {
  await pool.query(
    `UPDATE projection_checkpoints SET status = 'failed', last_error = $3, error_at = now(), updated_at = now()
      WHERE name = $1 AND version = $2`,
    [name, version, `at position ${position}: ${(err as Error)?.message ?? String(err)}`],
  );
}

export function positionPassed(checkpoint: LogPosition, target: LogPosition): boolean {
  return comparePositions(checkpoint, target) >= 0;
}
