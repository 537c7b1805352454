// The event store's append driven from a process of its own (8 loops, one stream each): what the
// product's append path costs from Node, for comparison with pgbench's bare INSERT of the same rows.
import { randomUUID } from 'node:crypto';
import { EventStore } from '../services/eventstore/store.ts';
import { createPool, statementsSent } from '../services/platform/pool.ts';
import { readSpec, writeResult } from './children.ts';

const { databaseUrl, seconds, clients, batch } = readSpec<{ databaseUrl: string; seconds: number; clients: number; batch: number }>();
const pool = createPool(databaseUrl, clients);
const store = new EventStore(pool);
const event = (i: number) => ({ type: 'BenchAppended', data: { i, note: 'a small event of the size a credit event has' } });

const cpuStart = process.cpuUsage();
const statementsStart = statementsSent();
const until = Date.now() + seconds * 1000;
let events = 0;
let appends = 0;
await Promise.all(
  Array.from({ length: clients }, async () => {
    const stream = `bench-${randomUUID()}`;
    let version = 0;
    while (Date.now() < until) {
      await store.append(stream, Array.from({ length: batch }, (_, i) => event(i)), { expected: version });
      version += batch;
      events += batch;
      appends++;
    }
  }),
);
const cpu = process.cpuUsage(cpuStart);
await pool.end();
writeResult({ rate: events / seconds, statementsPerAppend: (statementsSent() - statementsStart) / Math.max(1, appends), cpu: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100 });
