import { describe, expect, it } from 'vitest';
import { verifyStream } from '../../services/audit/verify.ts';
import { ConcurrencyError, DuplicateCommandError } from '../../services/eventstore/errors.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { countingPool } from '../support/counting-pool.ts';
import { waitFor } from '../support/processes.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase();

const ev = (n: number) => ({ type: 'Counted', data: { n } });
let made = 0;

/** Streams of one event each, written through `store` (so it knows their heads). */
async function streams(store: EventStore, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => `group-${process.pid}-${++made}`);
  for (const id of ids) await store.append(id, [ev(0)], { expected: 'no_stream' });
  return ids;
}

/** Each stream's events: their stream positions, and whether their log positions follow them. */
async function positions(streamId: string): Promise<{ stream: number[]; inLogOrder: boolean }> {
  const { rows } = await on.pool.query('SELECT stream_position::int AS p, global_position::bigint AS g FROM events WHERE stream_id = $1 ORDER BY stream_position', [streamId]);
  return { stream: rows.map((r) => r.p), inLogOrder: rows.every((r, i) => i === 0 || Number(r.g) > Number(rows[i - 1].g)) };
}

describe('group commit (the appends of one turn of the event loop go as one statement)', () => {
  it('writes twelve appends that came in one turn in one statement, each stream in its order, each chain verifiable', async () => {
    const counted = countingPool(on.pool);
    const store = new EventStore(counted.pool, { groupAfter: 1 });
    const ids = await streams(store, 12);
    const heard: string[] = [];
    store.onAppended((_r, _t, streamId) => heard.push(streamId));
    const before = counted.statements();
    const results = await Promise.all(ids.map((id, i) => store.append(id, [ev(1), ev(2), ev(i)], { expected: 1 })));
    // They came in one turn of the event loop: they go together, one statement, one transaction.
    expect(counted.statements() - before).toBe(1);
    expect(results.map((r) => r.nextVersion)).toEqual(ids.map(() => 4));
    expect(new Set(results.map((r) => r.position.xid)).size).toBe(1);
    expect(heard.sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect(await positions(id)).toEqual({ stream: [1, 2, 3, 4], inLogOrder: true });
      expect(await verifyStream(on.pool, id)).toEqual({ ok: true, checked: 4, firstBadPosition: null });
    }
    // The heads it learnt are the group's: the next appends are chained from them.
    const next = await store.append(ids[5], [ev(9)], { expected: 4 });
    expect(next.nextVersion).toBe(5);
    expect(await verifyStream(on.pool, ids[5])).toMatchObject({ ok: true, checked: 5 });
  });

  it('answers a stream another writer moved with a clash, and writes the others of its group', async () => {
    const store = new EventStore(on.pool, { groupAfter: 1 });
    const other = new EventStore(on.pool);
    const ids = await streams(store, 5);
    await other.append(ids[3], [ev(7)], { expected: 1 });
    const results = await Promise.allSettled(ids.map((id) => store.append(id, [ev(1)], { expected: 1 })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const clash = (results[3] as PromiseRejectedResult).reason;
    expect(clash).toBeInstanceOf(ConcurrencyError);
    expect((clash as ConcurrencyError).actual).toBe(2);
    expect((await positions(ids[3])).stream).toEqual([1, 2]);
    for (const id of ids) expect(await verifyStream(on.pool, id)).toMatchObject({ ok: true });
  });

  it('sends each append again alone when Postgres refuses the group for a command key used before, so only that one fails', async () => {
    const counted = countingPool(on.pool);
    const store = new EventStore(counted.pool, { groupAfter: 1 });
    const ids = await streams(store, 4);
    const used = { id: `used-${ids[0]}`, requestHash: 'h', result: {} };
    await store.append(ids[0], [ev(1)], { expected: 1, commands: [used] });
    const before = counted.statements();
    const results = await Promise.allSettled(
      ids.map((id, i) => store.append(id, [ev(2)], { expected: i === 0 ? 2 : 1, commands: [i === 2 ? used : { id: `fresh-${id}`, requestHash: 'h', result: { i } }] })),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateCommandError);
    // The group of four (refused), then each alone again.
    expect(counted.statements() - before).toBe(5);
    expect((await positions(ids[2])).stream).toEqual([1]);
    const stored = await on.pool.query('SELECT count(*)::int AS n FROM command_dedup WHERE command_id = ANY($1)', [ids.map((id) => `fresh-${id}`)]);
    expect(stored.rows[0].n).toBe(3);
  });

  it('tells each append of a group whose connection was terminated, and never sends them again (it may have committed)', async () => {
    const counted = countingPool(on.pool);
    const store = new EventStore(counted.pool, { groupAfter: 1 });
    const ids = await streams(store, 4);
    // Another transaction holds the third stream's row: the group (all four, sent in one turn) waits for it.
    const holder = await on.pool.connect();
    let held = true;
    const release = async () => {
      if (!held) return;
      held = false;
      await holder.query('ROLLBACK');
      holder.release();
    };
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT version FROM streams WHERE stream_id = $1 FOR UPDATE', [ids[2]]);
      const before = counted.statements();
      const appends = Promise.allSettled(ids.map((id) => store.append(id, [ev(1)], { expected: 1 })));
      const waiting = await waitFor('the group waiting for the held row', async () => {
        const { rows } = await on.pool.query(
          `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%unnest($1::text[]) AS stream_id%'`,
        );
        return rows[0]?.pid as number | undefined;
      });
      await on.pool.query('SELECT pg_terminate_backend($1)', [waiting]);
      // Let go of the row at once: appends sent again alone would now be written (and this test fail).
      await release();
      const results = await appends;
      for (const r of results) {
        expect(r.status).toBe('rejected');
        expect(((r as PromiseRejectedResult).reason as { code?: string }).code).toBe('57P01');
      }
      // The group, once: none of its appends sent again.
      expect(counted.statements() - before).toBe(1);
    } finally {
      await release();
    }
    for (const id of ids) expect((await positions(id)).stream).toEqual([1]);
  });

  it('lets two processes group appends to the same streams side by side: every append written once or refused, no version twice', async () => {
    const [a, b] = [new EventStore(on.pool, { groupAfter: 1 }), new EventStore(on.pool, { groupAfter: 1 })];
    const ids = await streams(a, 10);
    for (const id of ids) await b.load(id);
    const written = new Map(ids.map((id) => [id, 0]));
    /** Appends to every stream, from where this process last saw it, until `rounds` of its appends were written to each. */
    const writer = async (store: EventStore, rounds: number) => {
      const versions = new Map(ids.map((id) => [id, 1]));
      const left = new Map(ids.map((id) => [id, rounds]));
      while ([...left.values()].some((n) => n > 0)) {
        await Promise.all(
          ids.filter((id) => left.get(id)! > 0).map(async (id) => {
            try {
              const r = await store.append(id, [ev(1)], { expected: versions.get(id)! });
              versions.set(id, r.nextVersion);
              left.set(id, left.get(id)! - 1);
              written.set(id, written.get(id)! + 1);
            } catch (err) {
              if (!(err instanceof ConcurrencyError)) throw err;
              versions.set(id, (await store.load(id)).version);
            }
          }),
        );
      }
    };
    await Promise.all([writer(a, 15), writer(b, 15)]);
    for (const id of ids) {
      expect(written.get(id)).toBe(30);
      expect((await positions(id)).stream).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
      expect(await verifyStream(on.pool, id)).toMatchObject({ ok: true, checked: 31 });
    }
  });
});
