import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { recentUsage } from '../../projections/ledger/queries.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase([ledgerProjection]);

const at = new Date().toISOString();

/** A metered batch over two projects: two debits sharing one usage id (services/credits/usage.ts), after the grant they spend. */
function meteredOverTwoProjects(orgId: string, lotId: string, balance: number) {
  const usageId = randomUUID();
  const debit = (projectId: string, amount: number, after: number) => ({
    type: 'CreditsDebited',
    data: { orgId, amount, description: 'Metered usage: 1 event', usageId, userId: null, projectId, balanceAfter: after, at, lots: [{ lotId, amount }] },
  });
  return [debit(randomUUID(), 2, balance - 2), debit(randomUUID(), 1, balance - 3)];
}

async function ledgerRows(orgId: string) {
  // The profile's read of them, newest first: oldest first here.
  const usage = (await recentUsage(on.pool, orgId, 1000)).reverse().map((u) => ({ id: u.id, credits: u.credits_used }));
  const moves = await on.pool.query(`SELECT count(*)::int AS n FROM credit_transactions WHERE org_id = $1`, [orgId]);
  return { usage, movements: moves.rows[0].n as number };
}

describe('usage records of debits that share a usage id', () => {
  it('are one per debit, with its credits, live in small and large batches, and the same when rebuilt', async () => {
    const small = randomUUID();
    const large = randomUUID();
    const append = async (orgId: string, batches: number) => {
      const lotId = randomUUID();
      const events: { type: string; data: Record<string, unknown> }[] = [
        { type: 'CreditsGranted', data: { orgId, lotId, amount: 1000, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'grant', key: null, balanceAfter: 1000, at } },
      ];
      for (let i = 0; i < batches; i++) events.push(...meteredOverTwoProjects(orgId, lotId, 1000 - 3 * i));
      await on.store.append(orgStreamId(orgId), events, { expected: 'any' });
      await waitForWholeLog(on.pool);
    };
    // 3 events in batches of 2: the two debits of one usage id in two batches.
    await append(small, 1);
    expect(await catchUp(on.pool, on.store, [{ projection: ledgerProjection }], { settleMs: 0, batchSize: 2 })).toBe(3);
    // 81 in one batch: its movements go by COPY.
    await append(large, 40);
    expect(await catchUp(on.pool, on.store, [{ projection: ledgerProjection }], { settleMs: 0 })).toBe(81);
    const live = { small: await ledgerRows(small), large: await ledgerRows(large) };
    expect(live.small.movements).toBe(3);
    expect(live.small.usage.map((u) => u.credits)).toEqual([2, 1]);
    expect(live.large.movements).toBe(81);
    expect(live.large.usage).toHaveLength(80);

    // Rebuilt in batches of 3: debits of one usage id split by a batch's end, into tables that get their keys after the load.
    await rebuild(on.pool, on.store, ledgerProjection, { batchSize: 3 });
    expect({ small: await ledgerRows(small), large: await ledgerRows(large) }).toEqual(live);
    await rebuild(on.pool, on.store, ledgerProjection);
    expect({ small: await ledgerRows(small), large: await ledgerRows(large) }).toEqual(live);
  });
});
