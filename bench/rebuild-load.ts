// Every read model rebuilt from the whole log (projections/rebuild.ts rebuildMany), in a process of its
// own, as the worker's rebuild job runs it. Timed from its first statement, after the process has
// started and connected; answers the seconds and this process's CPU-seconds.
import { rebuildMany } from '../projections/rebuild.ts';
import { projections } from '../projections/registry.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { createPool } from '../services/platform/pool.ts';
import { readSpec, writeResult } from './children.ts';

const { databaseUrl, poolMax } = readSpec<{ databaseUrl: string; poolMax: number }>();
const pool = createPool(databaseUrl, poolMax, { statementMs: 120_000, idleInTransactionMs: 120_000 });
const store = new EventStore(pool);
await pool.query('SELECT 1');

const cpuStart = process.cpuUsage();
const started = performance.now();
await rebuildMany(pool, store, projections, { batchSize: 5000 });
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
await pool.end();
writeResult({ seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
