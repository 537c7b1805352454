import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { appendLedger, waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';
import { oneWakeUp } from '../support/wakes.ts';

const on = storeDatabase([ledgerProjection]);

/** Catches the ledger up with a wake-up during its first batch: answers how long after that batch's commit the next batch took its connection. */
async function pauseAfterFirstBatch(gather: { from: number; ms: number }): Promise<{ applied: number[]; pauseMs: number }> {
  const connects: number[] = [];
  const pool = new Proxy(on.pool, {
    get(target, key, receiver) {
      if (key === 'connect') return () => (connects.push(performance.now()), target.connect());
      return Reflect.get(target, key, receiver);
    },
  }) as pg.Pool;
  const applied: number[] = [];
  let committed = 0;
  await catchUp(pool, on.store, [{ projection: ledgerProjection }], {
    settleMs: 0,
    wakes: oneWakeUp(),
    gather,
    onBatch: (n) => {
      applied.push(n);
      committed ||= performance.now();
    },
  });
  return { applied, pauseMs: connects.find((at) => at > committed)! - committed };
}

describe('a live catch-up under a steady stream (gather)', () => {
  it('lets the next batch wait after a batch of at least `from` events, and not after a smaller one', async () => {
    // 40 credit events: one batch of 40 with a wake-up during it waits before the next.
    await appendLedger(on.store, 40, 40);
    await waitForWholeLog(on.pool);
    const large = await pauseAfterFirstBatch({ from: 32, ms: 1000 });
    expect(large.applied).toEqual([40]);
    expect(large.pauseMs).toBeGreaterThanOrEqual(990);
    // A batch of a few events goes on at once.
    await appendLedger(on.store, 5, 5);
    await waitForWholeLog(on.pool);
    const small = await pauseAfterFirstBatch({ from: 32, ms: 1000 });
    expect(small.applied).toEqual([5]);
    expect(small.pauseMs).toBeLessThan(990);
  });
});
