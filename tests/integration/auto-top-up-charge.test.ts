import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from 'pino';
import { chargeAutoTopUp } from '../../services/billing/auto-top-up/charge.ts';
import { createOrgCredits } from '../../services/orgs/stream.ts';
import { ledgerHandlers } from '../../workers/ledger.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, eventually, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';

/** Auto top-up through the simulator (no Stripe key): a crossing charges once, the cap holds. */
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN, PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// The organization's row may not be in the read model yet: no row reads as null and the wait goes on.
const balance = (orgId: string) => t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]).then((r) => (r.rows[0]?.b ?? null) as number | null);
const untilBalance = (orgId: string, b: number) => eventually(() => balance(orgId), (v) => v === b, 30_000);
const topUpGrants = (orgId: string) =>
  t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsGranted' AND data->>'source' = 'auto_top_up'`, [`org-${orgId}`]).then((r) => r.rows[0].n as number);

async function buyPack(client: Client) {
  const res = await client.post('/api/stripe/create-checkout-session', { subscriptionId: PACK_PLAN.id });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = String(res.body.url).split('/').at(-1)!;
  expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(200);
}

async function member(maxPerMonth: number) {
  const m = await memberWithOrg(t, `atu-ch-${randomUUID().slice(0, 6)}@example.com`);
  await buyPack(m.client);
  await untilBalance(m.orgId, 500);
  const put = await m.client.put('/api/me/auto-top-up', { enabled: true, thresholdCredits: 400, planId: PACK_PLAN.id, maxPerMonth });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return m;
}

describe('auto top-up charges (simulator)', () => {
  it('a debit below the threshold buys the pack once; a second crossing past the monthly cap buys nothing', async () => {
    const { client, orgId } = await member(1);
    expect((await client.post('/api/usage', { credits: 150, description: 'work', idempotencyKey: 'a1' })).status).toBe(200);
    await untilBalance(orgId, 850);
    expect((await client.post('/api/usage', { credits: 500, description: 'more', idempotencyKey: 'a2' })).status).toBe(200);
    await untilBalance(orgId, 350);
    // The second crossing's job ran and was refused by the cap.
    await eventually(() => t.db.query(`SELECT 1 FROM events WHERE stream_id = $1 AND type = 'CreditsDebited'`, [`org-${orgId}`]).then((r) => r.rowCount), (n) => n === 2);
    const direct = await chargeAutoTopUp({ store: t.app.store, credits: t.app.credits, config: t.app.config }, orgId, `${orgId}-late`);
    expect(direct).toMatch(/cap/);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpAttempted')).toBe(1);
    expect(await topUpGrants(orgId)).toBe(1);
  });

  it('one crossing run by two jobs at once charges once', async () => {
    const { orgId } = await member(5);
    const crossing = `${orgId}-manual-${randomUUID().slice(0, 6)}`;
    const deps = { store: t.app.store, credits: t.app.credits, config: t.app.config };
    await Promise.all([chargeAutoTopUp(deps, orgId, crossing), chargeAutoTopUp(deps, orgId, crossing), chargeAutoTopUp(deps, orgId, crossing)]);
    await untilBalance(orgId, 1000);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpAttempted')).toBe(1);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpSucceeded')).toBe(1);
    expect(await topUpGrants(orgId)).toBe(1);
    // Issue 23 item 7: the auto top-up's payment is listed with the payment transactions admins see.
    const rows = await eventually(
      async () => (await admin.get(`/api/admin/stripe/transactions?search=${orgId}&limit=50`)).body.data as { kind: string; paymentIntent: string; amount_total: number }[],
      (r) => r.some((row) => row.kind === 'auto_top_up'),
    );
    expect(rows.filter((row) => row.kind === 'auto_top_up')).toEqual([expect.objectContaining({ paymentIntent: expect.stringMatching(/^pi_sim_/), amount_total: 4900 })]);
  });

  it('a crossing whose charge was never queued (Redis cut, a process killed after the commit) is charged by the ledger sweep, once (issue 23 item 9)', async () => {
    const { orgId } = await member(5);
    // Credits without a ledger queue: the debit commits, and nothing queues its charge.
    const unqueued = createOrgCredits({ store: t.app.store, metrics: t.app.metrics });
    await unqueued.debit({ orgId, userId: null, credits: 150, description: 'work while Redis was cut', idempotencyKey: randomUUID(), metadata: { actor: 'test' } });
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpCrossed')).toBe(1);
    const pending = () => t.db.query(`SELECT status FROM auto_top_up_crossings WHERE org_id = $1`, [orgId]).then((r) => r.rows.map((row) => row.status as string));
    await eventually(pending, (s) => s.length === 1);
    const log = { info() {}, warn() {} } as unknown as Logger;
    const sweep = ledgerHandlers({ pool: t.db, store: t.app.store, credits: t.app.credits, log, config: t.app.config, stripeQueue: t.app.queues['stripe-webhooks'] }).sweep;
    await sweep();
    await untilBalance(orgId, 850);
    await eventually(pending, (s) => s[0] === 'attempted');
    await sweep();
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpAttempted')).toBe(1);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpSucceeded')).toBe(1);
    expect(await topUpGrants(orgId)).toBe(1);
  });

  it('a recorded crossing past the monthly cap is skipped: the sweep does not ask again', async () => {
    const { client, orgId } = await member(1);
    expect((await client.post('/api/usage', { credits: 150, description: 'work', idempotencyKey: 'cap1' })).status).toBe(200);
    await untilBalance(orgId, 850);
    expect((await client.post('/api/usage', { credits: 500, description: 'more', idempotencyKey: 'cap2' })).status).toBe(200);
    const statuses = () => t.db.query(`SELECT status FROM auto_top_up_crossings WHERE org_id = $1 ORDER BY crossed_at`, [orgId]).then((r) => r.rows.map((row) => row.status as string));
    const log = { info() {}, warn() {} } as unknown as Logger;
    const sweep = ledgerHandlers({ pool: t.db, store: t.app.store, credits: t.app.credits, log, config: t.app.config }).sweep;
    await eventually(async () => (await sweep(), statuses()), (s) => s.join() === 'attempted,skipped', 30_000);
    await sweep();
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpSkipped')).toBe(1);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpAttempted')).toBe(1);
  });
});
