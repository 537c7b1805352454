import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { handleCommand, handleCommands, loadState, StateCache } from '../../services/eventstore/command-handler.ts';
import type { Decider } from '../../services/eventstore/decider.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { createPool, statementsSent } from '../../services/platform/pool.ts';
import { ConflictError, ValidationError } from '../../services/platform/errors.ts';
import { createTestDatabase } from '../support/db.ts';

type Take = { type: 'Take'; data: { n: number } };
type Taken = { type: 'Taken'; data: { n: number } };
/** A counter that starts at 10 and may not go below zero; a snapshot is kept beside the stream. */
const counter: Decider<Take, Taken, { left: number }> = {
  initialState: () => ({ left: 10 }),
  evolve: (state, e) => ({ left: state.left - e.data.n }),
  decide: (c, state) => {
    if (c.data.n > state.left) throw new ValidationError(`only ${state.left} left`, 'n');
    return [{ type: 'Taken', data: c.data }];
  },
  snapshotVersion: 1,
};

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let store: EventStore;
let streams = 0;
const newStream = () => `counter-${process.pid}-${++streams}-${Date.now()}`;
const take = (n: number, key?: string) => ({ command: { type: 'Take' as const, data: { n } }, metadata: {}, idempotencyKey: key, result: (s: { left: number }) => ({ left: s.left }) });

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 20 });
  store = new EventStore(pool);
});
afterAll(async () => {
  await pool.end();
  await db.drop();
});

describe('handleCommands', () => {
  it('decides a batch in order against one load and appends it once; a domain error fails only its own command', async () => {
    const stream = newStream();
    const outcome = await handleCommands(store, counter, stream, [take(4), take(7), take(6)]);
    expect(outcome.results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(outcome.results[1].ok ? null : outcome.results[1].error).toBeInstanceOf(ValidationError);
    expect(outcome.state).toEqual({ left: 0 });
    const events = await store.readStream(stream);
    expect(events.map((e) => e.data)).toEqual([{ n: 4 }, { n: 6 }]);
    expect(new Set(events.map((e) => e.transactionId)).size).toBe(1);
    expect(await loadState(store, counter, stream)).toEqual({ left: 0 });
  });

  it('answers a repeated key with its first result, within a batch and across batches, and refuses the key for another request', async () => {
    const stream = newStream();
    const first = await handleCommands(store, counter, stream, [take(3, `k-${stream}`), take(3, `k-${stream}`)]);
    expect(first.results.map((r) => (r.ok ? [r.result, r.repeated] : r.error))).toEqual([[{ left: 7 }, false], [{ left: 7 }, true]]);
    const again = await handleCommand(store, counter, stream, { type: 'Take', data: { n: 3 } }, { metadata: {}, idempotencyKey: `k-${stream}` });
    expect(again.repeated).toBe(true);
    expect(again.result).toEqual({ left: 7 });
    await expect(handleCommand(store, counter, stream, { type: 'Take', data: { n: 2 } }, { metadata: {}, idempotencyKey: `k-${stream}` })).rejects.toBeInstanceOf(ConflictError);
    expect((await store.readStream(stream)).length).toBe(1);
  });

  it('reads again and decides again when other writers move the stream: 30 concurrent single takes of 1 leave exactly 0, never below', async () => {
    const stream = newStream();
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => handleCommand(store, counter, stream, { type: 'Take', data: { n: 1 } }, { metadata: {} })));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ValidationError)).toBe(true);
    expect(await loadState(store, counter, stream)).toEqual({ left: 0 });
  });
});

describe('handleCommands with the state kept in the process (the expected version guards it)', () => {
  /** Two API processes' worth: each its own pool, store and cache, on one database. */
  let other: pg.Pool;
  let otherStore: EventStore;
  beforeAll(() => {
    other = createPool(db.url, 10);
    otherStore = new EventStore(other);
  });
  afterAll(async () => other.end());

  const run = (s: EventStore, cache: StateCache, stream: string, requests: ReturnType<typeof take>[]) => handleCommands(s, counter, stream, requests, { cache });

  it('decides the common batch from the kept state in one statement, the append', async () => {
    const counted = new EventStore(createPool(db.url, 2));
    const cache = new StateCache();
    const stream = newStream();
    await run(counted, cache, stream, [take(1, `${stream}-a`)]);
    const before = statementsSent();
    const outcome = await run(counted, cache, stream, [take(2, `${stream}-b`), take(3)]);
    expect(statementsSent() - before).toBe(1);
    expect(outcome.state).toEqual({ left: 4 });
    expect(await loadState(store, counter, stream)).toEqual({ left: 4 });
    await counted.pool.end();
  });

  it('never appends a decision taken from a stale state: another process moved the stream, the take is refused', async () => {
    const stream = newStream();
    const mine = new StateCache();
    await run(store, mine, stream, [take(1)]);
    expect(mine.get(`${stream}`)?.state).toEqual({ left: 9 });
    // The other process spends what is left; this one's kept state still says 9.
    await run(otherStore, new StateCache(), stream, [take(9)]);
    const outcome = await run(store, mine, stream, [take(5)]);
    expect(outcome.results[0].ok).toBe(false);
    expect(outcome.attempts).toBe(2);
    expect(await store.readStream(stream)).toHaveLength(2);
    expect(await loadState(store, counter, stream)).toEqual({ left: 0 });
  });

  it('two processes taking concurrently from one stream, each with its kept state: exactly 10 succeed, never below 0', async () => {
    const stream = newStream();
    const caches = [new StateCache(), new StateCache()];
    const stores = [store, otherStore];
    for (const [i, c] of caches.entries()) await run(stores[i], c, stream, [take(0)]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => run(stores[i % 2], caches[i % 2], stream, [take(1, `${stream}-${i}`)]).then((o) => (o.results[0].ok ? o : Promise.reject(o.results[0].error)))),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ValidationError)).toBe(true);
    const events = await store.readStream(stream);
    expect(events.reduce((n, e) => n + (e.data as { n: number }).n, 0)).toBe(10);
    expect(await loadState(store, counter, stream)).toEqual({ left: 0 });
  });

  it('keeps idempotency exact: a repeat answers its first result, from a stale state or one where it would now fail', async () => {
    const stream = newStream();
    const mine = new StateCache();
    const first = await run(store, mine, stream, [take(3, `${stream}-k`)]);
    expect(first.results[0]).toMatchObject({ ok: true, result: { left: 7 } });
    // The same process spends the rest: its kept state is current and says 0, so the repeat would fail if decided again.
    await run(store, mine, stream, [take(7)]);
    const again = await run(store, mine, stream, [take(3, `${stream}-k`)]);
    expect(again.results[0]).toMatchObject({ ok: true, repeated: true, result: { left: 7 } });
    // Another process, whose kept state is stale, repeats it too: still the first answer, nothing appended.
    const theirs = new StateCache();
    theirs.set(stream, { left: 10 }, 0);
    const elsewhere = await run(otherStore, theirs, stream, [take(3, `${stream}-k`)]);
    expect(elsewhere.results[0]).toMatchObject({ ok: true, repeated: true, result: { left: 7 } });
    // A repeat that would succeed again is caught by the key stored with the append, then answered the same way.
    const fresh = newStream();
    const c = new StateCache();
    await run(store, c, fresh, [take(1, `${fresh}-k`)]);
    const repeat = await run(store, c, fresh, [take(1, `${fresh}-k`)]);
    expect(repeat.results[0]).toMatchObject({ ok: true, repeated: true, result: { left: 9 } });
    expect(await store.readStream(stream)).toHaveLength(2);
    expect(await store.readStream(fresh)).toHaveLength(1);
  });
});
