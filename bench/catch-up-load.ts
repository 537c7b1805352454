// A worker's start, in a process of its own: every live read model caught up over the log's backlog,
// the backlog in groups side by side sharing each read of the log (projections/live.ts), as the
// worker's live catch-up does. Timed from its first statement, after the process has started and
// connected; answers the seconds, the events applied and this process's CPU-seconds.
import { catchUp } from '../projections/catch-up.ts';
import { BACKLOG, everyReadModel } from '../projections/live.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { createPool } from '../services/platform/pool.ts';
import { readSpec, writeResult } from './children.ts';

const { databaseUrl, poolMax } = readSpec<{ databaseUrl: string; poolMax: number }>();
const pool = createPool(databaseUrl, poolMax, { statementMs: 120_000, idleInTransactionMs: 120_000 });
const store = new EventStore(pool);
await pool.query('SELECT 1');

const cpuStart = process.cpuUsage();
const started = performance.now();
const applied = await catchUp(pool, store, everyReadModel, { liveOnly: true, settleMs: 0, backlog: BACKLOG });
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
await pool.end();
writeResult({ seconds, applied, cpuSeconds: (cpu.user + cpu.system) / 1e6 });
