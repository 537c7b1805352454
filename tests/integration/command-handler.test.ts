import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import pg from 'pg';
import { handleCommand, handleCommands, loadState } from '../../services/eventstore/command-handler.ts';
import type { Decider } from '../../services/eventstore/decider.ts';
import { EventStore } from '../../services/eventstore/store.ts';
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
