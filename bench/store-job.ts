// What a load script that works on the log from a process of its own shares (bench/catch-up-load.ts,
// bench/rebuild-load.ts): its pool and store, connected before the clock starts, and the job timed.
import { EventStore } from '../services/eventstore/store.ts';
import type pg from 'pg';
import { createPool } from '../services/platform/pool.ts';
import { readSpec, writeResult } from './children.ts';

/**
 * Runs `job` on a pool (with room for long statements) and a store of the spec's database, timed from
 * its first statement after the process has connected, and writes its result with the seconds and this
 * process's CPU-seconds.
 */
export async function runStoreJob(job: (pool: pg.Pool, store: EventStore) => Promise<Record<string, unknown>>): Promise<void> {
  const { databaseUrl, poolMax } = readSpec<{ databaseUrl: string; poolMax: number }>();
  const pool = createPool(databaseUrl, poolMax, { statementMs: 120_000, idleInTransactionMs: 120_000 });
  const store = new EventStore(pool);
  await pool.query('SELECT 1');
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const out = await job(pool, store);
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  await pool.end();
  writeResult({ ...out, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
}
