import type pg from 'pg';
import type { EventStore } from '../services/eventstore/store.ts';
import { catchUpSideBySide } from './catch-up.ts';
import { projections as allProjections } from './registry.ts';
import { tableNames, type Projection } from './types.ts';

/** The advisory lock held while a projection's versions are prepared or switched. */
export const adminLockKey = (name: string) => `projection-admin:${name}`;

/** A read model's tables, and those its earlier versions had (an earlier version's tables may include them). */
const everyTable = (projection: Projection) => [...projection.tables, ...(projection.retired ?? [])];

async function inTransaction<T>(pool: pg.Pool, name: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [adminLockKey(name)]);
    const value = await fn(client);
    await client.query('COMMIT');
    return value;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

/** The version being rebuilt (resuming one that a crash interrupted), or fresh tables for the next one. */
export async function prepareRebuild(pool: pg.Pool, projection: Projection): Promise<number> {
  return inTransaction(pool, projection.name, async (client) => {
    const building = await client.query(
      `SELECT version FROM projection_checkpoints WHERE name = $1 AND status = 'rebuilding' ORDER BY version DESC LIMIT 1`,
      [projection.name],
    );
    if (building.rowCount) return building.rows[0].version as number;
    await dropStaleVersions(client, projection);
    const max = await client.query('SELECT coalesce(max(version), 0) AS v FROM projection_checkpoints WHERE name = $1', [projection.name]);
    const target = Math.max(Number(max.rows[0].v) + 1, projection.version);
    const t = tableNames(target);
    for (const table of projection.tables) await client.query(`DROP TABLE IF EXISTS ${t(table)} CASCADE`);
    await client.query(projection.schema(t));
    await client.query(`INSERT INTO projection_checkpoints (name, version, status) VALUES ($1, $2, 'rebuilding')`, [projection.name, target]);
    return target;
  });
}

/** Tables of versions that are neither serving nor being built: left by a rebuild that failed. */
async function dropStaleVersions(client: pg.PoolClient, projection: Projection): Promise<void> {
  const stale = await client.query(
    `SELECT c.version FROM projection_checkpoints c LEFT JOIN projections p ON p.name = c.name
      WHERE c.name = $1 AND c.version IS DISTINCT FROM p.active_version AND c.status <> 'rebuilding'`,
    [projection.name],
  );
  for (const row of stale.rows) {
    const t = tableNames(row.version);
    for (const table of everyTable(projection)) await client.query(`DROP TABLE IF EXISTS ${t(table)} CASCADE`);
    await client.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [projection.name, row.version]);
  }
}

/** Points the read model's views at `version` in one transaction, then drops the tables of the old one. */
export async function switchTo(pool: pg.Pool, projection: Projection, version: number): Promise<void> {
  const old = await inTransaction(pool, projection.name, async (client) => {
    const current = await client.query('SELECT active_version FROM projections WHERE name = $1 FOR UPDATE', [projection.name]);
    const previous = current.rows[0]?.active_version as number | undefined;
    const t = tableNames(version);
    // The indexes the batches never read through, made once the rows are in (cheaper than kept up row by row).
    if (projection.indexes) await client.query(projection.indexes(t));
    // Statistics for tables a rebuild filled: without them the planner guesses their sizes until autovacuum
    // comes by (a minute or more), and plans the first reads of a rebuilt read model blind. An empty table is
    // left to autovacuum: analyzed empty, the planner would take it for empty while it fills.
    for (const table of projection.tables) {
      if ((await client.query(`SELECT EXISTS (SELECT 1 FROM ${t(table)}) AS filled`)).rows[0].filled) await client.query(`ANALYZE ${t(table)}`);
    }
    for (const table of projection.tables) {
      await client.query(`DROP VIEW IF EXISTS ${table}`);
      await client.query(`CREATE VIEW ${table} AS SELECT * FROM ${t(table)}`);
    }
    for (const table of projection.retired ?? []) await client.query(`DROP VIEW IF EXISTS ${table}`);
    await client.query(
      `INSERT INTO projections (name, active_version) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET active_version = excluded.active_version`,
      [projection.name, version],
    );
    await client.query(`UPDATE projection_checkpoints SET status = 'live', updated_at = now() WHERE name = $1 AND version = $2`, [
      projection.name,
      version,
    ]);
    if (previous !== undefined && previous !== version) {
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [projection.name, previous]);
    }
    return previous;
  });
  if (old !== undefined && old !== version) {
    const t = tableNames(old);
    for (const table of everyTable(projection)) await pool.query(`DROP TABLE IF EXISTS ${t(table)} CASCADE`);
  }
}

export interface RebuildOptions {
  onProgress?: (progress: number) => void | Promise<void>;
  signal?: AbortSignal;
  batchSize?: number;
}

/**
 * Blue/green rebuild: builds the read model into fresh tables from position zero while the live
 * version keeps serving, then switches the views to it. Safe to run again after a crash: it
 * resumes from the new version's own checkpoint.
 */
export async function rebuild(pool: pg.Pool, store: EventStore, projection: Projection, options: RebuildOptions = {}): Promise<number> {
  const [version] = await rebuildMany(pool, store, [projection], { ...options, parallel: 1 });
  return version;
}

/**
 * Rebuilds several read models at once: `parallel` catch-ups side by side (each its own transactions
 * and connection), each taking its share of the read models together, so one read of the log per
 * batch feeds all of them (22 read models rebuilt alone read the log 22 times). Each is switched to
 * its new version once it is built; one that fails is recorded as failed (its live version keeps
 * serving) and its error thrown after the others were switched. Answers the new versions, in order.
 */
export async function rebuildMany(pool: pg.Pool, store: EventStore, list: readonly Projection[], options: RebuildOptions & { parallel?: number } = {}): Promise<number[]> {
  const versions = await Promise.all(list.map((projection) => prepareRebuild(pool, projection)));
  const head = (await store.head()).pos || 1;
  const parallel = Math.max(1, Math.min(options.parallel ?? 2, list.length));
  const targets = list.map((projection, i) => ({ projection, version: versions[i] }));
  const broken = new Set<string>();
  const ended = await catchUpSideBySide(pool, store, targets, parallel, {
    batchSize: options.batchSize ?? 2000,
    settleMs: 0,
    signal: options.signal,
    onBatch: (_n, position) => {
      void options.onProgress?.(Math.min(0.99, position.pos / head));
    },
  });
  const errors = ended.flatMap(({ targets: group, result }) => {
    if (result.status === 'fulfilled') return [];
    for (const t of group) broken.add(t.projection.name);
    return [result.reason as unknown];
  });
  if (options.signal?.aborted) return versions;
  // Caught up together, one that failed was caught up alone and recorded as failed: it is not switched to.
  const failed = await pool.query(`SELECT name FROM projection_checkpoints WHERE status = 'failed' AND (name, version) IN (SELECT * FROM unnest($1::text[], $2::int[]))`, [
    list.map((p) => p.name),
    versions,
  ]);
  for (const row of failed.rows) broken.add(row.name as string);
  await Promise.all(list.map((projection, i) => (broken.has(projection.name) ? null : switchTo(pool, projection, versions[i]))));
  if (errors.length > 0) throw errors[0];
  if (broken.size > 0) throw new Error(`rebuild failed for ${[...broken].join(', ')}`);
  await options.onProgress?.(1);
  return versions;
}

/** Each read model's live version, whether a rebuild of it is under way, and whether its code asks for a newer version. */
async function liveVersions(pool: pg.Pool): Promise<{ name: string; building: boolean; outdated: Projection | null }[]> {
  const res = await pool.query(
    `SELECT p.name, p.active_version, EXISTS (SELECT 1 FROM projection_checkpoints c WHERE c.name = p.name AND c.status = 'rebuilding') AS building
       FROM projections p`,
  );
  return res.rows.map((row) => {
    const code = allProjections.find((p) => p.name === row.name);
    return { name: row.name as string, building: row.building as boolean, outdated: code && code.version > row.active_version ? code : null };
  });
}

/** The read models whose rebuild a crash interrupted, or whose code asks for a newer version than the one live. */
export async function rebuildsToResume(pool: pg.Pool): Promise<string[]> {
  return (await liveVersions(pool)).flatMap((v) => (v.building || v.outdated ? [v.name] : []));
}

/** The read models whose code asks for a newer version than the one live (a deploy's, until it is rebuilt). */
export async function outdatedReadModels(pool: pg.Pool): Promise<Projection[]> {
  return (await liveVersions(pool)).flatMap((v) => (v.outdated ? [v.outdated] : []));
}
