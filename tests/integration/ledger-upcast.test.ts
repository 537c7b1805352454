import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadState } from '../../services/eventstore/command-handler.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { planDecider } from '../../services/plans/decider.ts';
import { planStreamId } from '../../services/plans/events.ts';
import { lotsProjection } from '../../projections/lots/index.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';
import { dumpTables } from '../support/readmodels.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t?.close());

/**
 * An organization's stream exactly as the code before credit lots wrote it: grants, debits and
 * revocations without lot data, and a snapshot of the old state's shape beside it.
 */
async function appendTodaysStream(orgId: string) {
  const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 12, minute)).toISOString();
  const events = [
    { type: 'OrganizationCreated', data: { orgId, name: `Legacy ${orgId.slice(0, 8)}`, createdBy: randomUUID(), at: at(0) } },
    { type: 'PlanSubscribed', data: { orgId, plan: { planId: 'pro', name: 'Pro', subscriptionId: 'sub_1', isOneTime: false, monthlyCredits: 1000 }, at: at(1) } },
    { type: 'CreditsGranted', data: { orgId, amount: 200, kind: 'purchase', description: 'Pro: one-time credits', key: 'purchase:cs_1', balanceAfter: 200, at: at(1) } },
    { type: 'CreditsGranted', data: { orgId, amount: 1000, kind: 'purchase', description: 'Pro: monthly credits', key: 'period:sub_1:first', balanceAfter: 1200, at: at(1) } },
    { type: 'CreditsDebited', data: { orgId, amount: 150, description: 'usage', usageId: randomUUID(), userId: null, balanceAfter: 1050, at: at(2) } },
    { type: 'CreditsGranted', data: { orgId, amount: 30, kind: 'adjustment', description: 'goodwill', key: null, balanceAfter: 1080, at: at(3) } },
    { type: 'CreditsGranted', data: { orgId, amount: 1000, kind: 'renewal', description: 'Pro: monthly renewal', key: 'period:sub_1:1780000000', balanceAfter: 2080, at: at(4) } },
    { type: 'CreditsDebited', data: { orgId, amount: 40, description: 'usage', usageId: randomUUID(), userId: null, balanceAfter: 2040, at: at(5) } },
    { type: 'CreditsRevoked', data: { orgId, amount: 100, requested: 100, shortfall: 0, kind: 'refund', description: 'Refund of charge ch_1', key: 'refund:ch_1:1000', balanceAfter: 1940, at: at(6) } },
    { type: 'CreditsRevoked', data: { orgId, amount: 5, requested: 5, shortfall: 0, kind: 'adjustment', description: 'correction', key: null, balanceAfter: 1935, at: at(7) } },
  ];
  const oldState = { exists: true, name: 'Legacy', active: true, balance: 1935, plan: null, lastBilling: at(4), appliedKeys: ['purchase:cs_1'] };
  await t.app.store.append(orgStreamId(orgId), events, { expected: 'no_stream', snapshot: { v: 1, state: oldState } });
  const stored = await t.app.store.readStream(orgStreamId(orgId));
  return Object.fromEntries(stored.filter((e) => e.type === 'CreditsGranted').map((e) => [(e.data as { key: string | null }).key ?? 'adjustment', e.eventId]));
}

describe('events written before credit lots', () => {
  it('fold into one never-expiring lot per grant, with debits and revocations taken in spending order', async () => {
    const orgId = randomUUID();
    const ids = await appendTodaysStream(orgId);
    const state = await loadState(t.app.store, orgDecider, orgStreamId(orgId));
    expect(state).toMatchObject({ exists: true, balance: 1935, held: 0 });
    // Spending order: the manual adjustment (priority 5) first, then the paid lots oldest first:
    // the first debit's 150 from the one-time lot (200 -> 50); the second's 40 from the adjustment (30 -> 0)
    // and the one-time lot (50 -> 40); the refund's 100 from the one-time lot (40 -> 0) and the first month
    // (1000 -> 940); the correction's 5 from the first month (-> 935).
    expect(state.lots.map((l) => ({ id: l.id, source: l.source, priority: l.priority, amount: l.amount, remaining: l.remaining, expiresAt: l.expiresAt }))).toEqual([
      { id: ids['period:sub_1:first'], source: 'plan_monthly', priority: 10, amount: 1000, remaining: 935, expiresAt: null },
      { id: ids['period:sub_1:1780000000'], source: 'plan_monthly', priority: 10, amount: 1000, remaining: 1000, expiresAt: null },
    ]);
    expect(state.appliedKeys).toEqual(['purchase:cs_1', 'period:sub_1:first', 'period:sub_1:1780000000', 'refund:ch_1:1000']);
  });

  it('keep working under today\'s commands: spending, holds, refunds from a lot found by its key, and the read models', async () => {
    const orgId = randomUUID();
    const ids = await appendTodaysStream(orgId);
    const metadata = { actor: 'test' };
    expect(await t.app.credits.debit({ orgId, userId: null, credits: 35, description: 'after', idempotencyKey: 'k1', metadata })).toEqual({ balance: 1900, available: 1900 });
    const hold = await t.app.credits.hold({ orgId, userId: null, credits: 900, description: 'board', idempotencyKey: 'h1', metadata });
    expect(hold).toMatchObject({ balance: 1900, available: 1000 });
    const state = await loadState(t.app.store, orgDecider, orgStreamId(orgId));
    expect(state.holds[0].lots).toEqual([{ lotId: ids['period:sub_1:first'], amount: 900 }]);
    // A second refund of the first checkout: its lot is spent, so nothing else is taken (all shortfall).
    const refund = await t.app.credits.revoke({ orgId, amount: 50, kind: 'refund', description: 'Refund of charge ch_2', key: 'refund:ch_2:500', lotKey: 'purchase:cs_1' }, { metadata });
    expect(refund).toEqual(expect.objectContaining({ amount: 0, requested: 50, shortfall: 50, lots: [], balanceAfter: 1900 }));

    await waitFor('the read models', () => projectionsCaughtUp(t.db));
    const rows = await t.db.query('SELECT id, source, remaining::int AS remaining, reserved::int AS reserved FROM credit_lots WHERE org_id = $1 ORDER BY position', [orgId]);
    expect(rows.rows).toEqual([
      { id: ids['purchase:cs_1'], source: 'plan_one_time', remaining: 0, reserved: 0 },
      { id: ids['period:sub_1:first'], source: 'plan_monthly', remaining: 900, reserved: 900 },
      { id: ids.adjustment, source: 'manual', remaining: 0, reserved: 0 },
      { id: ids['period:sub_1:1780000000'], source: 'plan_monthly', remaining: 1000, reserved: 0 },
    ]);
    const live = await dumpTables(t.db, lotsProjection);
    await rebuild(t.db, t.app.store, lotsProjection);
    expect(await dumpTables(t.db, lotsProjection)).toEqual(live);
  });

  it('keep plans created before rollover and one-time expiry as expiring monthly and never-expiring one-time credits', async () => {
    const at = new Date().toISOString();
    await t.app.store.append(
      planStreamId('legacy-plan'),
      [{ type: 'PlanCreated', data: { planId: 'legacy-plan', name: 'Old', description: '', price_usd: 5, monthly_credits: 10, one_time_credits: 0, is_one_time: false, system_only: false, is_active: true, example_usages: [], at } }],
      { expected: 'no_stream' },
    );
    expect(await loadState(t.app.store, planDecider, planStreamId('legacy-plan'))).toMatchObject({ rollover: false, one_time_expiry_days: null });
    await waitFor('the plans read model', async () => (await t.db.query(`SELECT rollover, one_time_expiry_days FROM plans WHERE id = 'legacy-plan'`)).rows[0]);
    expect((await t.db.query(`SELECT rollover, one_time_expiry_days FROM plans WHERE id = 'legacy-plan'`)).rows[0]).toEqual({ rollover: false, one_time_expiry_days: null });
  });
});
