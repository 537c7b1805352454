import type pg from 'pg';
import type { EventStore } from '../services/eventstore/store.ts';
import { comparePositions, type LogPosition } from '../services/eventstore/types.ts';
import { BEGIN_BATCH } from './projector.ts';
import type { Projection, TableNames } from './types.ts';

/**
 * The drift check: a read model rebuilt from the log into shadow tables (`<table>_drift`, with the
 * projection's own schema and apply, as a rebuild does) up to exactly where the live read model
 * stands, then compared with the live tables row for row. It reports; it never repairs (the
 * projections page offers the rebuild that does).
 */
export interface DriftDifference {
  table: string;
  /** The row's primary key. */
  key: Record<string, unknown>;
  /** What differs: the live row's values and the log's (a whole row when the other side has none: null). */
  live: Record<string, unknown> | null;
  log: Record<string, unknown> | null;
}

export interface DriftResult {
  readModel: string;
  /** Rows that differ, over every table of the read model. */
  rows: number;
  /** The first differences of each table (at most MAX_REPORTED in all). */
  differences: DriftDifference[];
}

const MAX_REPORTED = 100;
const BATCH = 2000;

const shadow: TableNames = (logical) => `${logical}_drift`;
/** Where tables outside the read model's own that its apply writes to get a scratch copy (found first on the search path). */
const scratchSchema = (projection: Projection) => `drift_${projection.name.replace(/[^a-z0-9_]/g, '_')}`;
const driftLockKey = (name: string) => `drift:${name}`;

async function prepareShadow(client: pg.PoolClient, projection: Projection): Promise<void> {
  const scratch = scratchSchema(projection);
  await dropShadow(client, projection);
  await client.query(projection.schema(shadow));
  await client.query(`CREATE SCHEMA ${scratch}`);
  for (const side of projection.sideTables ?? []) {
    await client.query(`CREATE TABLE ${scratch}.${side} (LIKE public.${side} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
  }
}

async function dropShadow(client: pg.PoolClient, projection: Projection): Promise<void> {
  for (const table of projection.tables) await client.query(`DROP TABLE IF EXISTS ${shadow(table)} CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS ${scratchSchema(projection)} CASCADE`);
}

/** Applies the log's events after `from` up to `until` to the shadow tables, in the caller's transaction. */
async function applyUntil(client: pg.PoolClient, store: EventStore, projection: Projection, from: LogPosition, until: LogPosition, onBatch?: (at: LogPosition) => void) {
  let at = from;
  for (;;) {
    if (comparePositions(at, until) >= 0) return at;
    const batch = await store.readBatch(at, BATCH, projection.handles, client);
    const events = batch.events.filter((e) => comparePositions({ xid: e.transactionId, pos: e.globalPosition }, until) <= 0);
    if (events.length > 0) await projection.apply(client, events, shadow);
    const last = batch.events.at(-1);
    if (events.length < batch.events.length || batch.events.length < BATCH || !last) return until;
    at = { xid: last.transactionId, pos: last.globalPosition };
    onBatch?.(at);
  }
}

async function liveCheckpoint(client: pg.PoolClient, name: string): Promise<{ version: number; position: LogPosition } | null> {
  const res = await client.query(
    `SELECT c.version, c.last_xid::text AS xid, c.last_pos AS pos FROM projections p
       JOIN projection_checkpoints c ON c.name = p.name AND c.version = p.active_version WHERE p.name = $1`,
    [name],
  );
  const r = res.rows[0];
  return r ? { version: r.version as number, position: { xid: r.xid as string, pos: Number(r.pos) } } : null;
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function primaryKeyOf(client: pg.PoolClient, table: string): Promise<string[]> {
  const res = await client.query(
    `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
      WHERE i.indrelid = $1::regclass AND i.indisprimary ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [table],
  );
  return res.rows.map((r) => r.attname as string);
}

/** Only the columns whose values differ, on each side. */
function differing(live: Record<string, unknown>, log: Record<string, unknown>) {
  const keys = [...new Set([...Object.keys(live), ...Object.keys(log)])].filter((k) => JSON.stringify(live[k]) !== JSON.stringify(log[k]));
  return { live: Object.fromEntries(keys.map((k) => [k, live[k]])), log: Object.fromEntries(keys.map((k) => [k, log[k]])) };
}

/** Rows of the live table (its view) and of the shadow that differ, matched by primary key (the whole row without one). */
async function compareTable(client: pg.PoolClient, table: string, limit: number): Promise<{ rows: number; differences: DriftDifference[] }> {
  const keys = await primaryKeyOf(client, shadow(table));
  const on = keys.length ? keys.map((k) => `l.${quoteIdent(k)} = s.${quoteIdent(k)}`).join(' AND ') : 'to_jsonb(l) = to_jsonb(s)';
  const present = (alias: string) => (keys.length ? `${alias}.${quoteIdent(keys[0])} IS NOT NULL` : `${alias} IS NOT NULL`);
  const from = `FROM ${table} l FULL JOIN ${shadow(table)} s ON ${on}
    WHERE NOT (${present('l')} AND ${present('s')}) OR to_jsonb(l) IS DISTINCT FROM to_jsonb(s)`;
  const count = await client.query(`SELECT count(*)::int AS n ${from}`);
  const rows = count.rows[0].n as number;
  if (rows === 0 || limit <= 0) return { rows, differences: [] };
  const found = await client.query(
    `SELECT CASE WHEN ${present('l')} THEN to_jsonb(l) END AS live, CASE WHEN ${present('s')} THEN to_jsonb(s) END AS log ${from} LIMIT $1`,
    [limit],
  );
  const differences = found.rows.map((r: { live: Record<string, unknown> | null; log: Record<string, unknown> | null }) => {
    const whole = (r.live ?? r.log)!;
    const key = Object.fromEntries((keys.length ? keys : Object.keys(whole)).map((k) => [k, whole[k]]));
    return r.live && r.log ? { table, key, ...differing(r.live, r.log) } : { table, key, live: r.live, log: r.log };
  });
  return { rows, differences };
}

export interface DriftOptions {
  onProgress?: (progress: number) => void | Promise<void>;
}

/**
 * Checks one read model against the log. The shadow is built up to the live checkpoint without
 * holding the live read model back; then, holding its batch lock (the live one waits, briefly), the
 * shadow is brought to where the live one stands now and both are compared. The shadow tables are
 * dropped at the end. Null when another check of this read model is running.
 */
export async function checkDrift(pool: pg.Pool, store: EventStore, projection: Projection, options: DriftOptions = {}): Promise<DriftResult | null> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const got = await client.query('SELECT pg_try_advisory_lock(hashtext($1)) AS ok', [driftLockKey(projection.name)]);
    if (!got.rows[0].ok) return null;
    try {
      // The build has no time limit of its own (it may read the whole log); the lock below keeps the live read model waiting only for the last stretch and the comparison.
      await client.query(`SET statement_timeout = 0`);
      const start = await liveCheckpoint(client, projection.name);
      if (!start) throw new Error(`read model ${projection.name} has no live version`);
      const searchPath = `SET LOCAL search_path = ${scratchSchema(projection)}, public`;
      await client.query('BEGIN');
      await prepareShadow(client, projection);
      await client.query('COMMIT');

      // Most of the log, in batches of their own transactions (the shadow is nobody's but this check's).
      let at: LogPosition = { xid: '0', pos: 0 };
      const target = start.position.pos || 1;
      while (comparePositions(at, start.position) < 0) {
        await client.query(BEGIN_BATCH);
        await client.query(searchPath);
        const before = at;
        at = await applyUntil(client, store, projection, at, start.position, (p) => void options.onProgress?.(Math.min(0.95, p.pos / target)));
        await client.query('COMMIT');
        if (comparePositions(at, before) === 0) break;
        await options.onProgress?.(Math.min(0.95, at.pos / target));
      }

      // The last stretch and the comparison, with the live read model held where it is.
      await client.query('BEGIN');
      await client.query(searchPath);
      const now = await liveCheckpoint(client, projection.name);
      if (!now) throw new Error(`read model ${projection.name} has no live version`);
      await client.query('SELECT projection_batch_lock($1, $2)', [projection.name, now.version]);
      const held = (await liveCheckpoint(client, projection.name))!;
      await applyUntil(client, store, projection, at, held.position);
      // Loaded as a rebuild loads (fresh), the shadow gets its indexes, primary keys among them, after the load as well.
      if (projection.indexes) await client.query(projection.indexes(shadow));
      let rows = 0;
      const differences: DriftDifference[] = [];
      for (const table of projection.tables) {
        const found = await compareTable(client, table, MAX_REPORTED - differences.length);
        rows += found.rows;
        differences.push(...found.differences);
      }
      await client.query('COMMIT');
      await options.onProgress?.(1);
      return { readModel: projection.name, rows, differences };
    } finally {
      await client.query('ROLLBACK').catch(() => {});
      await dropShadow(client, projection).catch((err: Error) => (broken = err));
      await client.query('RESET statement_timeout').catch(() => {});
      await client.query('SELECT pg_advisory_unlock(hashtext($1))', [driftLockKey(projection.name)]).catch((err: Error) => (broken = err));
    }
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    client.release(broken);
  }
}
