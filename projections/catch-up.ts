import type pg from 'pg';
import { batchOf, LOG_BATCH_COLUMNS, LOG_BATCH_ROWS, type EventStore, type LogBatch } from '../services/eventstore/store.ts';
import { comparePositions, type LoggedEvent, type LogPosition } from '../services/eventstore/types.ts';
import { arrayLiteral } from '../services/platform/pg-array.ts';
import { pipelining, preparedStatements } from '../services/platform/pool.ts';
import { sqlLiteral } from '../services/platform/sql-literal.ts';
import { BEGIN_BATCH, progressNotice, ProjectionError } from './projector.ts';
import { sharedReads, type BatchRead } from './shared-reads.ts';
import { tableNames, type Projection } from './types.ts';

/** A read model to catch up: a given version (a rebuild's), or its active one. */
export interface CatchUpTarget {
  projection: Projection;
  version?: number;
}

export interface CatchUpOptions {
  batchSize?: number;
  /** How long to keep polling for events held back by a transaction that is still open. */
  settleMs?: number;
  /** Only the targets whose active version is live (not failed): the live catch-up's choice. */
  liveOnly?: boolean;
  /** Stops early (for shutdown). */
  signal?: AbortSignal;
  /** The wake-ups that come while it runs (the live catch-up's, projections/live.ts). */
  wakes?: Wakes;
  onBatch?: (applied: number, position: LogPosition) => void;
  /**
   * Reads the batches after the first (read ahead; sharedReads lets catch-ups side by side decode each
   * batch once), with these types instead of the targets' own. Default: the store's readBatch.
   */
  reads?: { types: string[]; read: BatchRead };
  /**
   * A pool of pipelining connections (pg's `pipeline: true`; createPool's `pipeline` option): a batch
   * that was not read ahead (the live catch-up's, of a few events) runs there, and its read models'
   * statements go out together instead of one round trip each. Read-ahead batches (a backlog) stay on
   * `pool`, where their large inserts can go by COPY, which a pipelining connection cannot run.
   */
  pipelined?: pg.Pool;
  /**
   * A backlog (a batch that came back full) is caught up by `groups` groups of the targets side by side
   * (catchUpSideBySide), each on its own connection, in batches of `batchSize`: this process works on
   * one group's batch while Postgres writes another's, and each batch's own statements (locks, reads,
   * the checkpoints' move, the read models' per-batch upserts) are paid less often. Then this catch-up
   * goes on alone. Without it (or with one group), it stays alone throughout.
   */
  backlog?: { groups: number; batchSize: number };
  /**
   * Under a steady stream of events: after a batch of at least `from` events, when more came meanwhile,
   * the next batch waits `ms` first, so that it carries more of them (each batch's own statements, a
   * dozen for a few events, are paid less often). Small batches, as a light stream makes, go at once.
   */
  gather?: { from: number; ms: number };
}

export interface Wakes {
  /** Asked when caught up: true when a wake-up came meanwhile (and it is taken), served by one more loop here. */
  taken(): boolean;
  /**
   * Waits at most `ms`, less when a wake-up comes meanwhile: how a catch-up waits for events held back
   * by a transaction still open (whose commit wakes it). Without wakes, the full `ms`.
   */
  within(ms: number): Promise<void>;
}

interface Locked {
  projection: Projection;
  version: number;
  from: LogPosition;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one catch-up engine: brings a list of read models (one read model is a list of one) up to the
 * head of the log. One transaction per batch: each one's batch lock (projection_batch_lock, taken in
 * name order, so two catch-ups never deadlock and simply take turns), their checkpoints read under
 * the locks, one read of the events any of them handles, each applying its own part, and one
 * compare-and-set of their checkpoints. Progress is announced after the commit, never inside it.
 *
 * A batch one of several cannot apply is rolled back and each is then caught up alone, so the failing
 * one is recorded as failed and the others move on; caught up alone, the failure is recorded and
 * thrown (ProjectionError). Answers how many events were applied (summed over read models).
 */
export async function catchUp(pool: pg.Pool, store: EventStore, targets: readonly CatchUpTarget[], options: CatchUpOptions = {}): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const settleUntil = Date.now() + (options.settleMs ?? 1000);
  const types = options.reads?.types ?? [...new Set(targets.flatMap((t) => t.projection.handles))];
  // Alone, a catch-up is the one reader of its batches.
  const readBatch = options.reads?.read ?? sharedReads(store, 1)[0].read;
  // The batch's opening statements are the same for every batch of this catch-up: written once.
  const opening = openingStatements(targets, options.liveOnly ?? false, batchSize, types);
  let total = 0;
  let ahead: Ahead | null = null;
  // The next batch, begun on this connection in the round trip of the last one's commit (chained).
  let chained: Chained | null = null;
  // Groups only for a catch-up of several read models that is not itself one of such groups.
  const groups = targets.length > 1 && !options.reads ? Math.min(options.backlog?.groups ?? 1, targets.length) : 1;
  const inGroups = groups > 1;
  for (;;) {
    if (options.signal?.aborted) {
      if (chained) await endChained(chained);
      return total;
    }
    const client: pg.PoolClient = chained?.client ?? (await (ahead || !options.pipelined ? pool : options.pipelined).connect());
    const begun = chained?.begun;
    chained = null;
    let released = false;
    const release = (broken?: Error) => {
      if (!released) client.release(broken);
      released = true;
    };
    let read = 0;
    let moved: { locked: Locked; applied: number }[] = [];
    let reached: LogPosition | null = null;
    let next: Promise<Begun> | null = null;
    try {
      const { locked, batch }: Begun = await (begun ?? beginBatch(client, targets, opening, ahead));
      ahead = null;
      if (locked.length === 0) {
        await client.query('COMMIT');
        release();
        if (!options.liveOnly) throw new Error(`no checkpoint for read model ${targets.map((t) => `${t.projection.name} v${t.version ?? 'active'}`).join(', ')}`);
        return total;
      }
      const from = locked.map((l) => l.from).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
      read = batch.events.length;
      const last = batch.events.at(-1);
      // A batch that is not full has seen every relevant event up to the safe head: move there.
      const to: LogPosition = read < batchSize && batch.head && comparePositions(batch.head, from) > 0 ? batch.head : last ? { xid: last.transactionId, pos: last.globalPosition } : from;
      reached = to;
      // A full batch has more behind it: the next one is read now, on another connection, while this
      // process applies this one and Postgres writes it (used if the checkpoints are still at `to` then),
      // unless groups side by side take the backlog over after this batch.
      if (read === batchSize && !inGroups) ahead = { after: to, batch: readBatch(to, batchSize, types) };
      moved = locked.filter((l) => comparePositions(to, l.from) > 0).map((l) => ({ locked: l, applied: 0 }));
      try {
        await applyAll(client, moved, batch.events);
      } catch (err) {
        await client.query('ROLLBACK');
        release();
        if (locked.length === 1) await failed(pool, locked[0], partOf(batch.events, locked[0]), err);
        // One by one: the one that fails records its failure; the others are not held back by it.
        for (const l of locked) total += await catchUp(pool, store, [l], { ...options, liveOnly: false, settleMs: 0, wakes: undefined }).catch(() => 0);
        return total;
      }
      // A small batch during which a wake-up came is followed by the next at once: on a pipelining
      // connection, that one's start (locks, checkpoints, the log's read) goes out right behind this
      // one's commit, in the same round trip. A live batch is then two round trips, not three. Not
      // after a batch that gathers (it waits first) or a full one (read ahead instead).
      const chain = read < batchSize && pipelining(client) && !(options.gather && read >= options.gather.from) && (options.wakes?.taken() ?? false);
      const committed = commitBatch(client, moved.map((m) => m.locked), to);
      next = chain ? beginBatch(client, targets, opening, null) : null;
      try {
        await committed;
      } catch (err) {
        // The next batch's start, sent after a commit that failed, failed in its aborted transaction.
        await next?.catch(() => {});
        if ((err as { code?: string }).code !== MOVED_MEANWHILE) throw err;
        // Moved meanwhile by a catch-up that did not hold the lock (none should): read again.
        await client.query('ROLLBACK');
        release();
        ahead = null;
        continue;
      }
    } catch (err) {
      if (released) throw err;
      // A connection that cannot even roll back (lost, or stuck behind a timed-out statement) is closed, not pooled.
      await client.query('ROLLBACK').then(() => release(), (e: Error) => release(e));
      throw err;
    }
    const applied = moved.reduce((n, m) => n + m.applied, 0);
    total += applied;
    if (next) {
      // The connection goes on to the next batch. Its failure is seen where it is awaited, at the top of the loop.
      next.catch(() => {});
      chained = { client, begun: next };
    } else release();
    if (moved.length > 0) options.onBatch?.(applied, reached!);
    if (chained) continue;
    if (read === batchSize && inGroups) {
      // Each group's batches are read ahead and large: on `pool`, where they can COPY.
      const inBacklog = { ...options, batchSize: options.backlog!.batchSize, backlog: undefined, settleMs: 0, wakes: undefined, pipelined: undefined, gather: undefined };
      const ended = (await catchUpSideBySide(pool, store, targets, groups, inBacklog)).map((e) => e.result);
      for (const result of ended) if (result.status === 'fulfilled') total += result.value;
      const failure = ended.find((result): result is PromiseRejectedResult => result.status === 'rejected');
      if (failure) throw failure.reason;
      // Alone again for what came meanwhile.
      continue;
    }
    if (read === batchSize) continue;
    // A wake-up that came during the batch is served by the next one at once (after `gather`'s wait
    // when this one was large): asking the log first whether more is there cost each live batch under
    // a steady stream of appends a round trip.
    if (options.wakes?.taken()) {
      if (options.gather && read >= options.gather.from) await sleep(options.gather.ms);
      continue;
    }
    // Caught up as far as is visible; events held back by a transaction still open are waited for
    // briefly, or until a wake-up says one more committed (a fixed 5 ms added up to 5 ms to the lag).
    if (reached && Date.now() < settleUntil && (await store.hasEventsAfter(reached, types))) {
      await (options.wakes ? options.wakes.within(5) : sleep(5));
      continue;
    }
    if (options.wakes?.taken()) continue;
    return total;
  }
}

/**
 * Catches read models up in `groups` groups side by side (the i-th target in group i mod groups), each
 * group a catch-up of its own (its own transactions and connection) that reads every type any group
 * handles, so that they walk the log in the same batches and decode each once (sharedReads). Answers
 * each group and how it ended, once all have.
 */
export async function catchUpSideBySide(
  pool: pg.Pool,
  store: EventStore,
  targets: readonly CatchUpTarget[],
  groups: number,
  options: Omit<CatchUpOptions, 'reads'> = {},
): Promise<{ targets: CatchUpTarget[]; result: PromiseSettledResult<number> }[]> {
  const split = Array.from({ length: groups }, (_, g) => targets.filter((_t, i) => i % groups === g));
  const readers = sharedReads(store, groups);
  const types = [...new Set(targets.flatMap((t) => t.projection.handles))];
  const results = await Promise.allSettled(split.map((group, g) => catchUp(pool, store, group, { ...options, reads: { types, read: readers[g].read } }).finally(readers[g].leave)));
  return split.map((group, g) => ({ targets: group, result: results[g] }));
}

/**
 * Each read model applies its part of the batch: one after another, or, on a pipelining connection,
 * all at once (each one's statements still in its own order; no read model reads another's tables),
 * so that their statements share round trips. Throws the first failure once every one has settled.
 */
async function applyAll(client: pg.PoolClient, moved: { locked: Locked; applied: number }[], events: LoggedEvent[]): Promise<void> {
  const apply = async (m: { locked: Locked; applied: number }) => {
    const part = partOf(events, m.locked);
    if (part.length > 0) await m.locked.projection.apply(preparedStatements(client), part, tableNames(m.locked.version));
    m.applied = part.length;
  };
  if (!pipelining(client)) {
    for (const m of moved) await apply(m);
    return;
  }
  const failure = (await Promise.allSettled(moved.map(apply))).find((r) => r.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * The events of a batch one read model handles, after its own checkpoint. A batch is in log order, so
 * those after the checkpoint are its tail: found by comparing from the front (nearly always the first
 * event is after it), not each event (two BigInts a comparison, for every read model).
 */
const partOf = (events: LoggedEvent[], l: Locked) => {
  const handles = new Set<string>(l.projection.handles);
  let first = 0;
  while (first < events.length && comparePositions({ xid: events[first].transactionId, pos: events[first].globalPosition }, l.from) <= 0) first++;
  const after = first === 0 ? events : events.slice(first);
  return after.filter((e) => handles.has(e.type));
};

const MOVED_MEANWHILE = '40001';
/** Arrays written into the statement's text: a statement of several (one round trip) takes no parameters. */
const texts = (values: string[]) => `${sqlLiteral(arrayLiteral(values))}::text[]`;
const ints = (values: (number | null)[], type = 'int') => `ARRAY[${values.map((v) => (v === null ? 'NULL' : String(Math.trunc(v)))).join(',')}]::${type}[]`;

/** A batch's transaction begun: the read models it locked (and where each stood), and the log's batch. */
interface Begun {
  locked: Locked[];
  batch: LogBatch;
}

/** The next batch, begun on the last one's connection in the round trip of its commit. */
interface Chained {
  client: pg.PoolClient;
  begun: Promise<Begun>;
}

/** A chained batch that will not run (the catch-up stops): its transaction is rolled back, its connection released. */
async function endChained({ client, begun }: Chained): Promise<void> {
  await begun.catch(() => {});
  await client.query('ROLLBACK').then(
    () => client.release(),
    (err: Error) => client.release(err),
  );
}

/** The next batch, read ahead of its transaction from where the last one ended (null if the read failed). */
interface Ahead {
  after: LogPosition;
  batch: Promise<LogBatch | null>;
}

/** A batch's start (its locks and checkpoints) and its read of the log, as beginBatch sends them. */
interface OpeningStatements {
  start: string;
  read: string;
}

function openingStatements(targets: readonly CatchUpTarget[], liveOnly: boolean, batchSize: number, types: string[]): OpeningStatements {
  const args = `${texts(targets.map((t) => t.projection.name))}, ${ints(targets.map((t) => t.version ?? null))}, ${liveOnly}`;
  return {
    start: `SELECT name, version, xid, pos FROM projection_batch_start(${args})`,
    read: `SELECT ${LOG_BATCH_COLUMNS} FROM projection_batch_read(${args}, ${Math.trunc(batchSize)}, ${texts(types)}) b`,
  };
}

/**
 * Opens the batch's transaction, takes the targets' batch locks, reads where each stands and reads the
 * log's next batch after the furthest behind of them, in one round trip. With a batch read ahead, the
 * log is read here only when the furthest behind is not where that read started (moved meanwhile): a
 * read from an earlier snapshot is as safe, since log_batch returns only events no open transaction
 * can still put before them. projection_batch_start
 * (migrations/functions/projections.sql) takes the locks in name order, then reads the checkpoints;
 * the read after it (projection_batch_read) is a statement of its own, so its snapshot too is taken
 * once the locks were granted, and it reads the checkpoints (projection_batch_targets) as they are then. It reads the
 * events of every target's types (those of a target it did not lock are left by partOf).
 */
async function beginBatch(client: pg.PoolClient, targets: readonly CatchUpTarget[], { start, read }: OpeningStatements, ahead: Ahead | null): Promise<Begun> {
  // Rows as arrays (the log's as batchOf takes them): start's are [name, version, xid, pos].
  const query = (text: string) => client.query({ text, rowMode: LOG_BATCH_ROWS }) as unknown as Promise<pg.QueryResult<unknown[]>[]>;
  const lockedOf = (rows: unknown[][]): Locked[] =>
    rows.flatMap(([name, version, xid, pos]) => {
      const projection = targets.find((t) => t.projection.name === name)?.projection;
      return projection ? [{ projection, version: version as number, from: { xid: xid as string, pos: Number(pos) } }] : [];
    });
  if (ahead) {
    const [results, batch] = await Promise.all([query(`${BEGIN_BATCH}; ${start}`), ahead.batch]);
    const locked = lockedOf(results.at(-1)!.rows);
    const from = locked.map((l) => l.from).reduce<LogPosition | null>((a, b) => (a && comparePositions(a, b) <= 0 ? a : b), null);
    if (batch && from && comparePositions(from, ahead.after) === 0) return { locked, batch };
    return { locked, batch: batchOf((await client.query({ text: read, rowMode: LOG_BATCH_ROWS })).rows) };
  }
  const results = await query(`${BEGIN_BATCH}; ${start}; ${read}`);
  return { locked: lockedOf(results.at(-2)!.rows), batch: batchOf(results.at(-1)!.rows) };
}

/**
 * Moves every checkpoint from where it was read to `to` (a failed one back to live), commits, and
 * announces the progress to readers waiting on read models (projections/progress.ts) in a statement
 * of its own after the commit (a NOTIFY inside the batch would take the cluster-wide commit lock with
 * it): one round trip. Fails with MOVED_MEANWHILE, before the commit, when a checkpoint had moved.
 */
async function commitBatch(client: pg.PoolClient, locked: Locked[], to: LogPosition): Promise<void> {
  if (locked.length === 0) {
    await client.query('COMMIT');
    return;
  }
  if (!/^\d+$/.test(to.xid) || locked.some((l) => !/^\d+$/.test(l.from.xid))) throw new Error(`not a transaction id: ${to.xid}`);
  const names = texts(locked.map((l) => l.projection.name));
  const versions = ints(locked.map((l) => l.version));
  const move = `SELECT projection_batch_move(${names}, ${versions}, ${texts(locked.map((l) => l.from.xid))}, ${ints(locked.map((l) => l.from.pos), 'bigint')}, '${to.xid}', ${Math.trunc(to.pos)})`;
  await client.query(`${move}; COMMIT; ${progressNotice(locked.map((l) => ({ name: l.projection.name, version: l.version })), to)}`);
}

/** A read model caught up alone failed on this batch: which event throws is found and recorded, and thrown. */
async function failed(pool: pg.Pool, l: Locked, events: LoggedEvent[], err: unknown): Promise<never> {
  const t = tableNames(l.version);
  const client = await pool.connect();
  let position = events[0]?.globalPosition ?? 0;
  try {
    await client.query('BEGIN');
    for (const event of events) {
      try {
        await client.query('SAVEPOINT one');
        await l.projection.apply(preparedStatements(client), [event], t);
        await client.query('RELEASE SAVEPOINT one');
      } catch {
        position = event.globalPosition;
        break;
      }
    }
  } finally {
    await client.query('ROLLBACK').catch(() => {});
    client.release();
  }
  await pool.query(
    `UPDATE projection_checkpoints SET status = 'failed', last_error = $3, error_at = now(), updated_at = now()
      WHERE name = $1 AND version = $2`,
    [l.projection.name, l.version, `at position ${position}: ${(err as Error)?.message ?? String(err)}`],
  );
  throw new ProjectionError(l.projection.name, position, err);
}
