import { describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { lotsProjection } from '../../projections/lots/index.ts';
import { rebuildMany } from '../../projections/rebuild.ts';
import { sharedReads } from '../../projections/shared-reads.ts';
import { usageDailyProjection } from '../../projections/usage-daily/index.ts';
import { appendLedger, waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase([ledgerProjection, lotsProjection, usageDailyProjection]);
const targets = [{ projection: ledgerProjection }, { projection: lotsProjection }];
const orgs: string[] = [];

/** Each organization's movements, the credits left in its lots, and its last balance. */
async function perOrg(orgs: string[]) {
  const res = await on.pool.query(
    `SELECT o.id::text AS org,
            (SELECT count(*)::int FROM credit_transactions t WHERE t.org_id = o.id) AS movements,
            (SELECT coalesce(sum(remaining), 0)::int FROM credit_lots l WHERE l.org_id = o.id) AS remaining,
            (SELECT balance_after::int FROM credit_transactions t WHERE t.org_id = o.id ORDER BY position DESC LIMIT 1) AS balance
       FROM unnest($1::uuid[]) AS o(id) ORDER BY 1`,
    [orgs],
  );
  return res.rows as { org: string; movements: number; remaining: number; balance: number }[];
}

/** How many times the store read a batch of the log (the batches read ahead) while `run` ran. */
async function logReads(run: () => Promise<void>): Promise<number> {
  const read = on.store.readBatch.bind(on.store);
  let reads = 0;
  on.store.readBatch = (...args) => {
    reads++;
    return read(...args);
  };
  try {
    await run();
  } finally {
    on.store.readBatch = read;
  }
  return reads;
}

describe('a catch-up that reads the next batch ahead', () => {
  it('applies every event once, alone and when catch-ups take turns and move the checkpoint under a batch read ahead', async () => {
    const readAhead = await logReads(async () => {
      // Alone: each batch after the first was read ahead, while the one before it was applied.
      orgs.push(...(await Promise.all(Array.from({ length: 2 }, () => appendLedger(on.store, 1500, 250)))));
      await waitForWholeLog(on.pool);
      expect(await catchUp(on.pool, on.store, targets, { batchSize: 100, settleMs: 0 })).toBe(2 * 2 * 1500);
      // Three at once: each one's batch read ahead is mostly stale by its next turn.
      orgs.push(...(await Promise.all(Array.from({ length: 2 }, () => appendLedger(on.store, 1500, 250)))));
      await waitForWholeLog(on.pool);
      const applied = await Promise.all(Array.from({ length: 3 }, () => catchUp(on.pool, on.store, targets, { batchSize: 100, settleMs: 0 })));
      expect(applied.reduce((a, b) => a + b, 0)).toBe(2 * 2 * 1500);
    });
    expect(readAhead).toBeGreaterThan(0);
    // Each movement once (a second copy of one would have failed its batch on the key), and each
    // organization's lots hold exactly its last balance (a debit applied twice would take from them twice).
    const rows = await perOrg(orgs);
    for (const row of rows) {
      expect(row.movements).toBe(1500);
      expect(row.remaining).toBe(row.balance);
    }
  });

  it("decodes each batch once for a rebuild's groups side by side, and rebuilds the same tables", async () => {
    const live = await perOrg(orgs);
    const reads = await logReads(async () => {
      await rebuildMany(on.pool, on.store, [ledgerProjection, lotsProjection], { batchSize: 500, parallel: 2 });
    });
    // 6,000 credit events in batches of 500: each group reads the first under its locks, then the 11
    // others and the (empty) one after the last ahead; read by each group alone, that is 24 reads.
    expect(reads).toBeGreaterThanOrEqual(11);
    expect(reads).toBeLessThanOrEqual(13);
    expect(await perOrg(orgs)).toEqual(live);
  });

  it('lets the batches go that no reader still here will take when a reader leaves, so the others never wait for room', async () => {
    // Three readers holding at most two batches: the first reads two ahead, the second takes both, the third leaves.
    const [first, second, third] = sharedReads(on.store, 3, 2);
    const at = (pos: number) => ({ xid: '0', pos });
    const types = ['CreditsGranted'];
    await first.read(at(0), 10, types);
    await first.read(at(10), 10, types);
    await second.read(at(0), 10, types);
    await second.read(at(10), 10, types);
    third.leave();
    // Held, those two would fill the room for good: the first reader's next batch would wait forever.
    const next = first.read(at(20), 10, types);
    let bound: NodeJS.Timeout | undefined;
    const stuck = new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error('the next batch is still waiting for room')), 5000)));
    const batch = await Promise.race([next, stuck]).finally(() => clearTimeout(bound));
    expect(batch?.events.length).toBe(10);
  });

  it('gives each read model only the events after its own checkpoint when read models that stand apart catch up together', async () => {
    // The daily usage alone up to the head (it had not caught up before: every credit event so far), ahead of the ledger.
    await appendLedger(on.store, 300, 100);
    await waitForWholeLog(on.pool);
    expect(await catchUp(on.pool, on.store, [{ projection: usageDailyProjection }], { batchSize: 100, settleMs: 0 })).toBe(4 * 1500 + 300);
    await appendLedger(on.store, 200, 100);
    await waitForWholeLog(on.pool);
    // Together, the batches start at the ledger's checkpoint, and one of 64 holds events on both sides of
    // the daily usage's: the ledger applies the 300 and the 200, the daily usage only the 200 after its own
    // (its writes would take the others again without a word: each row keeps the position it last
    // counted, so the count is what shows it).
    expect(await catchUp(on.pool, on.store, [{ projection: ledgerProjection }, { projection: usageDailyProjection }], { batchSize: 64, settleMs: 0 })).toBe(300 + 200 + 200);
  });

  it('hands a backlog to groups of its read models side by side, each in its own transactions in batches of the backlog size, and applies every event once', async () => {
    /** Catches the ledger and the lots up with a backlog in groups, failing (not waiting forever) if a group waits for room it never gets. */
    const inGroups = async () => {
      const applied: number[] = [];
      let bound: NodeJS.Timeout | undefined;
      const stuck = new Promise<never>((_, reject) => (bound = setTimeout(() => reject(new Error('a group is still waiting')), 20_000)));
      const total = await Promise.race([catchUp(on.pool, on.store, targets, { batchSize: 100, settleMs: 0, backlog: { groups: 2, batchSize: 300 }, onBatch: (n) => applied.push(n) }), stuck]).finally(() =>
        clearTimeout(bound),
      );
      return { total, applied };
    };
    // Apart: the lots stand 500 events behind the ledger (the test before caught the ledger up without
    // them), so the groups walk the log from different places and share no batch; each lets go of what
    // it went past, and neither waits for the other.
    const apart = await appendLedger(on.store, 1500, 250);
    await waitForWholeLog(on.pool);
    expect((await inGroups()).total).toBe(500 + 2 * 1500);
    // Together: both start where the other does. Each batch's commit says how many events it applied
    // (summed over its read models): 200 for a batch of 100 credit events applied by the ledger and the
    // lots together (the first, alone), 300 for a backlog's batch of 300 applied by one group; alone,
    // every full batch would be 200, and in the live batches' size 100.
    const together = await appendLedger(on.store, 1500, 250);
    await waitForWholeLog(on.pool);
    const { total, applied } = await inGroups();
    expect(total).toBe(2 * 1500);
    expect(applied[0]).toBe(200);
    expect(applied.filter((n) => n === 300).length).toBeGreaterThanOrEqual(2 * 4);
    for (const row of await perOrg([apart, together])) {
      expect(row.movements).toBe(1500);
      expect(row.remaining).toBe(row.balance);
    }
  });
});
