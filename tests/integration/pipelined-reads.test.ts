import { Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPipelinedReads, type PipelinedReads } from '../../services/platform/pipelined-reads.ts';
import { statementsSent } from '../../services/platform/pool.ts';
import { isUnavailable } from '../../services/platform/unavailable.ts';
import { storeDatabase } from '../support/store-db.ts';

/** Issue 26 item 4 (reads): the API reads its read models over pipelining connections, each turn's statements in one write. */
const on = storeDatabase();
let reads: PipelinedReads;
const url = () => (on.pool as unknown as { options: { connectionString: string } }).options.connectionString;

beforeAll(() => {
  reads = createPipelinedReads(url(), 2, { statementMs: 2000 });
});

afterAll(async () => {
  await reads?.close();
});

const numbers = (n: number) => Promise.all(Array.from({ length: n }, (_, i) => reads.query<{ n: number }>('SELECT $1::int AS n', [i]).then((r) => r.rows[0].n)));

describe('pipelined reads', () => {
  it('answers each of many statements sent together with its own rows, each connection sending a turn\'s statements in one write', async () => {
    await numbers(2); // both connections open
    // Every flush of a socket to Postgres's port: a write of one chunk, or of several at once.
    let writes = 0;
    const proto = Socket.prototype as unknown as Record<'_write' | '_writev', (...args: unknown[]) => unknown>;
    const originals = { _write: proto._write, _writev: proto._writev };
    for (const name of ['_write', '_writev'] as const) {
      proto[name] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === 5432) writes++;
        return originals[name].apply(this, args);
      };
    }
    const before = statementsSent();
    let answered: number[];
    try {
      answered = await numbers(20);
    } finally {
      Object.assign(proto, originals);
    }
    expect(answered).toEqual(Array.from({ length: 20 }, (_, i) => i));
    // Twenty statements in one turn: one write per connection, not one per statement.
    expect(writes).toBeGreaterThan(0);
    expect(writes).toBeLessThanOrEqual(2);
    expect(statementsSent() - before).toBe(20);
  });

  it('fails a bad statement alone: the others sent with it are answered', async () => {
    const results = await Promise.allSettled([reads.query('SELECT 1 AS one'), reads.query('SELECT nope FROM nowhere'), reads.query('SELECT 2 AS two')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.code).toBe('42P01');
    expect(isUnavailable((results[1] as PromiseRejectedResult).reason)).toBe(false);
  });

  it('a connection Postgres ends: its statements fail as unavailable (503), and the next ones open another', async () => {
    const pids = new Set((await Promise.all([0, 1].map(() => reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')))).map((r) => r.rows[0].pid));
    expect(pids.size).toBe(2);
    const slow = reads.query('SELECT pg_sleep(5)').then(
      () => null,
      (err: unknown) => err,
    );
    const admin = new pg.Client({ connectionString: url() });
    await admin.connect();
    try {
      // Wait for the slow statement to be running, then end both connections' backends.
      for (let i = 0; i < 100 && !(await admin.query(`SELECT 1 FROM pg_stat_activity WHERE query = 'SELECT pg_sleep(5)' AND state = 'active'`)).rowCount; i++) await new Promise((r) => setTimeout(r, 20));
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [[...pids]]);
    } finally {
      await admin.end();
    }
    const failure = await slow;
    expect(failure).toBeInstanceOf(Error);
    expect(isUnavailable(failure)).toBe(true);
    // Recovers by itself: later statements go to fresh connections.
    let answered: number[] | null = null;
    for (let i = 0; i < 100 && !answered; i++) {
      answered = await numbers(4).catch(() => null);
      if (!answered) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(answered).toEqual([0, 1, 2, 3]);
    const fresh = new Set((await Promise.all([0, 1].map(() => reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')))).map((r) => r.rows[0].pid));
    expect([...fresh].filter((pid) => pids.has(pid))).toEqual([]);
  });
});
