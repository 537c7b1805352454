import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { EventStore } from '../../services/eventstore/store.ts';
import { ConcurrencyError, DuplicateCommandError } from '../../services/eventstore/errors.ts';
import { type Decider } from '../../services/eventstore/decider.ts';
import { handleCommand, loadState, SNAPSHOT_EVERY } from '../../services/eventstore/command-handler.ts';
import { LOG_START, type LoggedEvent, type LogPosition } from '../../services/eventstore/types.ts';
import { createTestDatabase } from '../support/db.ts';
import fc from 'fast-check';
import { jsonbText } from '../../services/eventstore/hash-chain.ts';
import { verifyStream } from '../../services/audit/verify.ts';
import { waitFor } from '../support/processes.ts';
import { countingPool } from '../support/counting-pool.ts';
import { PENDING_STRIPE_EVENTS, pendingStripeEvents } from '../../services/billing/inbox.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 20 });
  store = new EventStore(pool);
});

afterAll(async () => {
  await pool.end();
  await db.drop();
});

const ev = (n: number) => ({ type: 'Counted', data: { n } });
let streams = 0;
const newStream = () => `test-${process.pid}-${++streams}-${Date.now()}`;

async function readEverything(from: LogPosition = LOG_START): Promise<LoggedEvent[]> {
  const out: LoggedEvent[] = [];
  let at = from;
  for (;;) {
    const batch = await store.readAll(at, 500);
    if (batch.length === 0) return out;
    out.push(...batch);
    const last = batch[batch.length - 1];
    at = { xid: last.transactionId, pos: last.globalPosition };
  }
}

describe('append with an expected version', () => {
  it('lets exactly one of 8 concurrent appenders on the same version win, with contiguous positions', async () => {
    const stream = newStream();
    await store.append(stream, [ev(0)], { expected: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => store.append(stream, [ev(i + 1), ev(i + 100)], { expected: 1 })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected') as PromiseRejectedResult[];
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(7);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(ConcurrencyError);
      expect((l.reason as ConcurrencyError).actual).toBe(3);
    }
    const events = await store.readStream(stream);
    expect(events.map((e) => e.streamPosition)).toEqual([1, 2, 3]);
  });

  it('never produces a duplicate version when 8 appenders retry until they succeed', async () => {
    const stream = newStream();
    await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        for (let j = 0; j < 5; j++) {
          for (;;) {
            const current = (await store.load(stream)).version;
            try {
              await store.append(stream, [ev(i * 10 + j)], { expected: current });
              break;
            } catch (err) {
              if (!(err instanceof ConcurrencyError)) throw err;
            }
          }
        }
      }),
    );
    const events = await store.readStream(stream);
    expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(new Set(events.map((e) => (e.data as { n: number }).n)).size).toBe(40);
  });

  it('enforces no_stream, stream_exists, a number and any, writing nothing on a clash', async () => {
    const stream = newStream();
    await expect(store.append(stream, [ev(1)], { expected: 'stream_exists' })).rejects.toMatchObject({ actual: -1 });
    await expect(store.append(stream, [ev(1)], { expected: 3 })).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(stream, [ev(1)], { expected: 'no_stream' });
    await expect(store.append(stream, [ev(2)], { expected: 'no_stream' })).rejects.toMatchObject({ actual: 1 });
    await expect(store.append(stream, [ev(2)], { expected: 0 })).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append(stream, [ev(2)], { expected: 5 })).rejects.toBeInstanceOf(ConcurrencyError);
    await store.append(stream, [ev(2)], { expected: 'stream_exists' });
    await store.append(stream, [ev(3)], { expected: 2 });
    await store.append(stream, [ev(4)], { expected: 'any' });
    const any = newStream();
    await store.append(any, [ev(1)], { expected: 'any' });
    expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
    expect(await store.readStream(any)).toHaveLength(1);
  });

  it('appends nothing for a repeated command id', async () => {
    const stream = newStream();
    const command = { id: `cmd-${stream}`, requestHash: 'h', result: { ok: 1 } };
    await store.append(stream, [ev(1)], { expected: 'any', commands: [command] });
    await expect(store.append(stream, [ev(2)], { expected: 'any', commands: [command] })).rejects.toBeInstanceOf(DuplicateCommandError);
    expect(await store.readStream(stream)).toHaveLength(1);
    expect((await store.load(stream, { commandIds: [command.id] })).commands.get(command.id)).toEqual({ requestHash: 'h', result: { ok: 1 } });
  });
});

describe('reading the whole log', () => {
  it('still delivers, exactly once, a transaction that took a lower position and committed last', async () => {
    const before = await store.head();
    const late = await pool.connect();
    try {
      await late.query('BEGIN');
      await store.append(newStream(), [ev(1)], { expected: 'no_stream', client: late });
      const latePos = (await late.query('SELECT max(global_position) AS p FROM events')).rows[0].p;
      await store.append(newStream(), [ev(2)], { expected: 'no_stream' }); // commits first, higher position

      const firstRead = await readEverything(before);
      const lastSeen = firstRead.at(-1);
      // A naive reader that keeps only "the last position I saw" would now skip the late event.
      const naive = await pool.query('SELECT global_position FROM events WHERE global_position > $1', [Number(latePos)]);
      expect(naive.rowCount).toBe(1);
      expect(firstRead.map((e) => e.data)).not.toContainEqual({ n: 1 });

      await late.query('COMMIT');
      // Other databases of this cluster may hold the snapshot horizon back for a moment: read until both arrive.
      const secondRead: LoggedEvent[] = [];
      let at = lastSeen ? { xid: lastSeen.transactionId, pos: lastSeen.globalPosition } : before;
      await waitFor('both events read', async () => {
        const more = await readEverything(at);
        secondRead.push(...more);
        if (more.length) at = { xid: more.at(-1)!.transactionId, pos: more.at(-1)!.globalPosition };
        return secondRead.filter((e) => e.type === 'Counted').length >= 2;
      });
      const all = [...firstRead, ...secondRead].filter((e) => e.type === 'Counted');
      expect(all.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      expect(new Set(all.map((e) => e.eventId)).size).toBe(all.length);
    } finally {
      late.release();
    }
  });

  it('ends a randomized soak of writers with sleeps and rollbacks with read = committed, no duplicates', async () => {
    const before = await store.head();
    const committed = new Set<string>();
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const read: LoggedEvent[] = [];
    let at = before;
    let writing = true;
    const reader = (async () => {
      while (writing || read.length < committed.size) {
        const batch = await store.readAll(at, 50);
        read.push(...batch);
        if (batch.length) at = { xid: batch.at(-1)!.transactionId, pos: batch.at(-1)!.globalPosition };
        else await sleep(2);
        if (!writing && batch.length === 0 && read.length >= committed.size) break;
      }
    })();
    await Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (let i = 0; i < 25; i++) {
          const client = await pool.connect();
          try {
            await client.query('BEGIN');
            const stream = newStream();
            await store.append(stream, [ev(w * 1000 + i)], { expected: 'no_stream', client });
            await sleep(Math.random() * 8);
            if (Math.random() < 0.25) await client.query('ROLLBACK');
            else {
              await client.query('COMMIT');
              committed.add(stream);
            }
          } finally {
            client.release();
          }
        }
      }),
    );
    writing = false;
    await reader;
    const soak = read.filter((e) => e.type === 'Counted');
    expect(new Set(soak.map((e) => e.streamId))).toEqual(committed);
    expect(soak).toHaveLength(committed.size);
  });
});

/** Counts the statements a store sends (an EventStore over a pool whose query is counted). */
function countingStore(): { store: EventStore; statements: () => number } {
  const counted = countingPool(pool);
  return { store: new EventStore(counted.pool), statements: counted.statements };
}

/** JSON without what Postgres's jsonb refuses (NUL characters, lone surrogates). */
const jsonbValue = fc.jsonValue().filter((v) => {
  const text = JSON.stringify(v);
  return !text.includes('\\u0000') && !/\\ud[89a-f]/i.test(text);
});

describe('the append chained in the process (one statement)', () => {
  it("renders any JSON as Postgres renders it as jsonb, so the hash covers Postgres's bytes", async () => {
    const samples = fc.sample(jsonbValue, 400);
    samples.push({ big: 1e21, tiny: 1.5e-7, neg: -2.5e-9, e: 1.2345e22, k: [0.1, -0, 100] }, { é: 'ü\n\t\u0001"\\', aa: 1, b: 2, 'ß': 3 }, [{ id: 'a', q: 1 }, { id: 'b', q: 2 }, { q: 3, id: 'c', x: { ab: 1, é: 2, '\uffff': 3, '😀': 4, z: 5 } }]);
    const res = await pool.query('SELECT x::text AS text FROM unnest($1::jsonb[]) WITH ORDINALITY AS u(x, i) ORDER BY i', [
      samples.map((v) => JSON.stringify(v)),
    ]);
    expect(res.rows.map((r) => r.text)).toEqual(samples.map((v) => jsonbText(v)));
  });

  it('appends in one statement once the stream is known, and Postgres verifies the chain it made', async () => {
    const { store: counted, statements } = countingStore();
    const stream = newStream();
    const tricky = fc.sample(fc.dictionary(fc.string(), jsonbValue), 30).filter((d) => !JSON.stringify(d).includes('\\u0000') && !/\\ud[89a-f]/i.test(JSON.stringify(d)));
    await counted.append(stream, [{ type: 'Tricky', data: { at: new Date(0), skip: undefined, n: 1e21 } }], { expected: 'no_stream' });
    let version = 1;
    for (const data of tricky) {
      const before = statements();
      await counted.append(stream, [{ type: 'Tricky', data, metadata: { actor: 'ü', n: 1.5e-7 } }, { type: 'Tricky', data: {} }], { expected: version });
      expect(statements() - before).toBe(1);
      version += 2;
    }
    await counted.append(stream, [ev(1)], { expected: 'any' }); // chained by Postgres
    await counted.append(stream, [ev(2)], { expected: version + 1 }); // head unknown since: Postgres chains it
    await counted.load(stream);
    await counted.append(stream, [ev(3)], { expected: version + 2, commands: [{ id: `c-${stream}`, requestHash: 'h', result: { ok: true } }] });
    const check = await verifyStream(pool, stream);
    expect(check).toEqual({ ok: true, checked: version + 3, firstBadPosition: null });
  });

  it('stores a large event compressed with lz4, in the partitions that exist and those made later', async () => {
    const stream = newStream();
    const items = Array.from({ length: 300 }, (_, i) => ({ id: `${stream}-${i}`, meter: 'api.call', quantity: i, credits: `0.${i}` }));
    await store.append(stream, [{ type: 'Batch', data: { items } }], { expected: 'no_stream' });
    const stored = await pool.query(`SELECT pg_column_compression(data) AS method FROM events WHERE stream_id = $1`, [stream]);
    expect(stored.rows).toEqual([{ method: 'lz4' }]);
    const parts = await pool.query(
      `SELECT count(*)::int AS n FROM pg_inherits i JOIN pg_attribute a ON a.attrelid = i.inhrelid AND a.attname = 'data' WHERE i.inhparent = 'events'::regclass AND a.attcompression <> 'l'`,
    );
    expect(parts.rows[0].n).toBe(0);
  });

  it('is refused by Postgres when the head the process knows is stale, writing nothing', async () => {
    const stream = newStream();
    const a = new EventStore(pool);
    const b = new EventStore(pool);
    await a.append(stream, [ev(1)], { expected: 'no_stream' });
    await b.load(stream);
    await b.append(stream, [ev(2)], { expected: 1 });
    await expect(a.append(stream, [ev(3)], { expected: 1 })).rejects.toMatchObject({ actual: 2 });
    // A head whose version is the stream's but whose hash is not (b's write that rolled back, then a's
    // committed write of the same version) is refused too: the row's hash is part of the match.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await b.append(stream, [ev(3)], { expected: 2, client });
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    await a.load(stream);
    await a.append(stream, [ev(4)], { expected: 2 });
    await expect(b.append(stream, [ev(5)], { expected: 3 })).rejects.toMatchObject({ actual: 3 });
    expect((await store.readStream(stream)).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 4]);
    expect(await verifyStream(pool, stream)).toMatchObject({ ok: true });
  });

  it("moves a stream's row in place (no new index entry an append), and a Stripe event's stream in and out of the inbox", async () => {
    const stream = newStream();
    await store.append(stream, [ev(0)], { expected: 'no_stream' });
    const client = await pool.connect();
    try {
      // This backend's counts not yet reported (they include this transaction's): every update of the row is heap-only (HOT).
      const counts = async () =>
        (
          await client.query(
            `SELECT pg_stat_get_xact_tuples_updated('streams'::regclass)::int AS updated, pg_stat_get_xact_tuples_hot_updated('streams'::regclass)::int AS hot`,
          )
        ).rows[0] as { updated: number; hot: number };
      await client.query('BEGIN');
      const before = await counts();
      for (let v = 1; v <= 5; v++) await store.append(stream, [ev(v)], { expected: v, client });
      const after = await counts();
      await client.query('COMMIT');
      expect({ updated: after.updated - before.updated, hot: after.hot - before.hot }).toEqual({ updated: 5, hot: 5 });
    } finally {
      client.release();
    }
    const stripe = `stripe_event-${stream}`;
    const pending = async () => (await pendingStripeEvents(pool)).includes(stripe);
    await store.append(stripe, [{ type: 'StripeEventReceived', data: { eventId: stripe } }], { expected: 'no_stream' });
    expect(await pending()).toBe(true);
    await store.append(stripe, [{ type: 'StripeEventProcessed', data: { eventId: stripe } }], { expected: 1 });
    expect(await pending()).toBe(false);
    await store.append(stripe, [{ type: 'StripeEventRetryRequested', data: { eventId: stripe } }], { expected: 2 });
    expect(await pending()).toBe(true);
    expect(await verifyStream(pool, stream)).toMatchObject({ ok: true, checked: 6 });

    // Its plan looks each pending stream's last event up by key, never scanning the log, even in the
    // worst case: a generic plan, and no statistics on the streams (a database autovacuum has not
    // analyzed yet). The plain join scanned every event then.
    const planner = new pg.Client({ connectionString: db.url });
    await planner.connect();
    try {
      await planner.query('BEGIN');
      await planner.query(`DELETE FROM pg_statistic WHERE starelid = 'streams'::regclass`);
      await planner.query(`SET LOCAL plan_cache_mode = force_generic_plan`);
      await planner.query(`PREPARE inbox(int) AS ${PENDING_STRIPE_EVENTS}`);
      const nodes: { 'Node Type': string; 'Relation Name'?: string }[] = [];
      const walk = (node: { Plans?: unknown[] } & (typeof nodes)[number]) => {
        nodes.push(node);
        for (const child of node.Plans ?? []) walk(child as typeof node);
      };
      walk((await planner.query('EXPLAIN (FORMAT JSON) EXECUTE inbox(500)')).rows[0]['QUERY PLAN'][0].Plan);
      const logScans = nodes.filter((n) => n['Relation Name']?.startsWith('events'));
      expect(logScans.length).toBeGreaterThan(0);
      expect(logScans.filter((n) => n['Node Type'] === 'Seq Scan')).toEqual([]);
    } finally {
      await planner.query('ROLLBACK').catch(() => {});
      await planner.end();
    }
  });

  it('is planned once per connection: after five executions Postgres keeps its generic plan instead of planning every append', async () => {
    const stream = newStream();
    const client = new pg.Client({ connectionString: db.url }); // a connection of its own: no statement prepared on it yet
    await client.connect();
    try {
      // Postgres plans a prepared statement's first five executions for their values, then keeps the
      // generic plan only if it is estimated no dearer than those (plancache.c choose_custom_plan).
      for (let v = 0; v < 12; v++) await store.append(stream, [ev(v), ev(v)], { expected: v * 2, client });
      const { rows } = await client.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name = 'es-append-next'`);
      expect(rows).toEqual([{ generic: 6, custom: 5 }]);
    } finally {
      await client.end();
    }
    expect(await verifyStream(pool, stream)).toMatchObject({ ok: true, checked: 24 });
  });

  it('lets exactly one of two processes that know the same head win, and refuses a used command key', async () => {
    const stream = newStream();
    const stores = [new EventStore(pool), new EventStore(pool)];
    await stores[0].append(stream, [ev(0)], { expected: 'no_stream' });
    await stores[1].load(stream);
    const results = await Promise.allSettled(stores.map((s, i) => s.append(stream, [ev(i + 1)], { expected: 1 })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(ConcurrencyError);
    const winner = stores[results.findIndex((r) => r.status === 'fulfilled')];
    const command = { id: `cmd-${stream}`, requestHash: 'h', result: {} };
    await winner.append(stream, [ev(7)], { expected: 2, commands: [command] });
    await expect(winner.append(stream, [ev(8)], { expected: 3, commands: [command] })).rejects.toBeInstanceOf(DuplicateCommandError);
    expect((await store.readStream(stream)).map((e) => e.streamPosition)).toEqual([1, 2, 3]);
    expect(await verifyStream(pool, stream)).toMatchObject({ ok: true, checked: 3 });
  });
});

type CounterEvent = { type: 'Added'; data: { by: number } };
const counter: Decider<{ by: number }, CounterEvent, { total: number }> = {
  initialState: () => ({ total: 0 }),
  evolve: (s, e) => ({ total: s.total + e.data.by }),
  decide: (c) => [{ type: 'Added', data: { by: c.by } }],
  snapshotVersion: 1,
};

describe('commands', () => {
  it('keeps a snapshot beside the stream every SNAPSHOT_EVERY events and folds only the events after it', async () => {
    const stream = newStream();
    const n = SNAPSHOT_EVERY + 3;
    for (let i = 1; i <= n; i++) await handleCommand(store, counter, stream, { by: i }, { metadata: {} });
    const loaded = await store.load(stream, { snapshotVersion: 1 });
    const atSnapshot = (SNAPSHOT_EVERY * (SNAPSHOT_EVERY + 1)) / 2;
    expect(loaded.snapshot).toEqual({ total: atSnapshot });
    expect(loaded.events).toHaveLength(3);
    expect(await loadState(store, counter, stream)).toEqual({ total: (n * (n + 1)) / 2 });
    expect((await store.load(stream, { snapshotVersion: 2 })).events).toHaveLength(n);
  });

  it('answers a repeated idempotency key with the first result and appends nothing', async () => {
    const stream = newStream();
    const opts = { metadata: {}, idempotencyKey: `key-${stream}`, result: (s: { total: number }) => s };
    const first = await handleCommand(store, counter, stream, { by: 7 }, opts);
    const again = await handleCommand(store, counter, stream, { by: 7 }, opts);
    expect(again.repeated).toBe(true);
    expect(again.result).toEqual(first.result);
    await expect(handleCommand(store, counter, stream, { by: 8 }, opts)).rejects.toMatchObject({ statusCode: 409 });
    expect(await store.readStream(stream)).toHaveLength(1);
  });
});
