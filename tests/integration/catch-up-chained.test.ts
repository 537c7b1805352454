import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import type { Projection } from '../../projections/types.ts';
import { appendLedger, waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';
import { oneWakeUp } from '../support/wakes.ts';

const on = storeDatabase([ledgerProjection]);
let pipelined: pg.Pool;

beforeAll(() => {
  pipelined = new pg.Pool({ connectionString: on.pool.options.connectionString, max: 2, pipeline: true });
});
afterAll(async () => {
  await pipelined?.end();
});

/** The pipelining pool, counting the connections taken from it. */
const counted = (): { pool: pg.Pool; connects: () => number } => {
  let connects = 0;
  const pool = new Proxy(pipelined, {
    get(target, key, receiver) {
      if (key === 'connect') return () => (connects++, target.connect());
      return Reflect.get(target, key, receiver);
    },
  }) as pg.Pool;
  return { pool, connects: () => connects };
};

/** The ledger, running `first` (once, on its first batch) before applying. */
const onFirstBatch = (first: () => Promise<void>): Projection => {
  const ledger: Projection = ledgerProjection;
  let ran = false;
  return {
    ...ledger,
    apply: async (db, events, t) => {
      if (!ran) {
        ran = true;
        await first();
      }
      await ledger.apply(db, events, t);
    },
  };
};

const head = async () => Number((await on.pool.query('SELECT max(global_position) AS m FROM events')).rows[0].m);
const ledgerAt = async () => Number((await on.pool.query(`SELECT last_pos FROM projection_checkpoints WHERE name = 'ledger'`)).rows[0].last_pos);
/** Sessions of this database left inside a transaction. */
const openTransactions = async () =>
  Number((await on.pool.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`)).rows[0].n);

describe('a live catch-up whose batch saw a wake-up (chained batches)', () => {
  it("begins the next batch on the same connection, in the round trip of the last one's commit, and applies what it reads", async () => {
    await appendLedger(on.store, 5, 5);
    await waitForWholeLog(on.pool);
    // Five more events committed while the first batch is applied: the next batch, begun after its commit, reads them
    // (once no older transaction of the cluster holds them back; the batch's own has written nothing yet).
    const ledger = onFirstBatch(async () => {
      await appendLedger(on.store, 5, 5);
      await waitForWholeLog(on.pool);
    });
    const { pool, connects } = counted();
    const applied: number[] = [];
    await catchUp(on.pool, on.store, [{ projection: ledger }], { settleMs: 0, pipelined: pool, wakes: oneWakeUp(), onBatch: (n) => applied.push(n) });
    expect(applied).toEqual([5, 5]);
    // Released and taken again between the batches, it would be two.
    expect(connects()).toBe(1);
    expect(await ledgerAt()).toBe(await head());
    expect(await openTransactions()).toBe(0);
  });

  it('rolls the chained batch back and releases its connection when the catch-up is stopped', async () => {
    await appendLedger(on.store, 3, 3);
    await waitForWholeLog(on.pool);
    const before = await ledgerAt();
    const stop = new AbortController();
    const applied: number[] = [];
    const { pool } = counted();
    const total = await catchUp(on.pool, on.store, [{ projection: ledgerProjection }], {
      settleMs: 0,
      pipelined: pool,
      wakes: oneWakeUp(),
      signal: stop.signal,
      onBatch: (n) => {
        applied.push(n);
        stop.abort();
      },
    });
    expect(total).toBe(3);
    expect(applied).toEqual([3]);
    expect(await ledgerAt()).toBeGreaterThan(before);
    expect(await openTransactions()).toBe(0);
    expect(pipelined.totalCount - pipelined.idleCount).toBe(0);
  });

  it('reads again when the commit finds its checkpoint moved meanwhile, the chained start failing with it', async () => {
    await appendLedger(on.store, 4, 4);
    await waitForWholeLog(on.pool);
    // Another writer moves the ledger's checkpoint to the head while the first batch is applied (none should).
    const ledger = onFirstBatch(async () => {
      await on.pool.query(
        `UPDATE projection_checkpoints SET last_pos = (SELECT max(global_position) FROM events),
                last_xid = (SELECT transaction_id FROM events ORDER BY global_position DESC LIMIT 1) WHERE name = 'ledger'`,
      );
    });
    const { pool } = counted();
    const applied: number[] = [];
    const total = await catchUp(on.pool, on.store, [{ projection: ledger }], { settleMs: 0, pipelined: pool, wakes: oneWakeUp(), onBatch: (n) => applied.push(n) });
    // The first batch rolled back; the read after it starts at the moved checkpoint, with nothing left.
    expect(total).toBe(0);
    expect(await ledgerAt()).toBe(await head());
    expect(await openTransactions()).toBe(0);
    expect(pipelined.totalCount - pipelined.idleCount).toBe(0);
    expect((await pipelined.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});

describe('a live catch-up with no live read model to take', () => {
  it('gives its connection back each time (a pool of one serves the next)', async () => {
    const one = new pg.Pool({ connectionString: on.pool.options.connectionString, max: 1, connectionTimeoutMillis: 2000 });
    await on.pool.query(`UPDATE projection_checkpoints SET status = 'failed' WHERE name = 'ledger'`);
    try {
      for (let i = 0; i < 3; i++) expect(await catchUp(one, on.store, [{ projection: ledgerProjection }], { liveOnly: true, settleMs: 0 })).toBe(0);
      expect(one.totalCount - one.idleCount).toBe(0);
    } finally {
      await on.pool.query(`UPDATE projection_checkpoints SET status = 'live' WHERE name = 'ledger'`);
      await one.end();
    }
  });
});
