import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, eventually, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';

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

const balanceOf = (orgId: string) =>
  t.db.query('SELECT credit_balance::int AS balance, plan FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0]);
const untilBalance = (orgId: string, balance: number) => eventually(() => balanceOf(orgId), (o) => o.balance === balance, 15_000);

async function buy(client: Client, planId: string) {
  const checkout = await client.post('/api/stripe/create-checkout-session', { subscriptionId: planId });
  expect(checkout.status).toBe(200);
  expect(checkout.body.url).toMatch(/^\/checkout\/sim\/cs_sim_[0-9a-f]{24}$/);
  return checkout.body.url.split('/').at(-1) as string;
}

describe('the local checkout simulator (no STRIPE_SECRET_KEY)', () => {
  it('a monthly plan: the checkout shows the plan, Pay sends signed events through the webhook, credits arrive once', async () => {
    const { client, orgId } = await memberWithOrg(t, `sim-${randomUUID().slice(0, 6)}@example.com`);
    const sessionId = await buy(client, 'plan-pro-monthly');
    const session = await client.get(`/api/stripe/sim/sessions/${sessionId}`);
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({ status: 'open', mode: 'subscription', amount_total: 2000, plan: { name: 'Pro', price_usd: 20 } });

    expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).body).toEqual({ url: '/subscribed' });
    expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).body).toEqual({ url: '/subscribed' });
    const org = await untilBalance(orgId, 1200);
    expect(org.balance).toBe(1200);
    expect(org.plan).toMatchObject({ planId: 'plan-pro-monthly', name: 'Pro', isOneTime: false, monthlyCredits: 1000 });
    // The webhook log is a read model of its own: it follows the log as the balance does, not with it.
    const logged = () => t.db.query(`SELECT type, status FROM webhook_log WHERE raw_event::text LIKE $1 ORDER BY id`, [`%${sessionId.slice(3)}%`]);
    const types = await eventually(logged, (r) => r.rows.length >= 2, 15_000);
    expect(types.rows.map((r) => r.type)).toEqual(['checkout.session.completed', 'invoice.paid']);
    expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/cancel`, {})).status).toBe(409);

    const renewal = await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'renewal' });
    expect(renewal.status).toBe(200);
    expect(renewal.body.type).toBe('invoice.paid');
    expect((await untilBalance(orgId, 2200)).balance).toBe(2200);

    const cancel = await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'cancellation' });
    expect(cancel.body.type).toBe('customer.subscription.deleted');
    expect((await eventually(() => balanceOf(orgId), (o) => o.plan === null)).plan).toBeNull();
    expect(await countEvents(t, orgStreamId(orgId), 'PlanCancelled')).toBe(1);
    expect((await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'renewal' })).status).toBe(400);
  });

  it('a credit pack: paid once, refunded through a test event', async () => {
    const { client, orgId } = await memberWithOrg(t, `pack-${randomUUID().slice(0, 6)}@example.com`);
    expect((await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'refund' })).status).toBe(400);
    const sessionId = await buy(client, 'pack-500-credits');
    await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {});
    expect((await untilBalance(orgId, 500)).plan).toBeNull();
    await eventually(() => t.db.query('SELECT 1 FROM payment_transactions WHERE org_id = $1', [orgId]), (r) => r.rowCount === 1);
    const refund = await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'refund' });
    expect(refund.body.type).toBe('charge.refunded');
    expect((await untilBalance(orgId, 0)).balance).toBe(0);
    // The payments read model follows the log by a moment, as the balance does.
    const tx = await eventually(() => admin.get(`/api/admin/stripe/transactions?search=${orgId}&sortField=id&sortOrder=asc`), (r) => r.body.data?.length === 2);
    expect(tx.body.data.map((r: { kind: string; amount_total: number }) => [r.kind, r.amount_total])).toEqual([
      ['checkout', 4900],
      ['refund', -4900],
    ]);
  });

  it('a cancelled checkout grants nothing; another user cannot see or pay it', async () => {
    const { client, orgId } = await memberWithOrg(t, `cancel-${randomUUID().slice(0, 6)}@example.com`);
    const sessionId = await buy(client, 'pack-500-credits');
    const { client: stranger } = await memberWithOrg(t, `stranger-${randomUUID().slice(0, 6)}@example.com`);
    expect((await stranger.get(`/api/stripe/sim/sessions/${sessionId}`)).status).toBe(404);
    expect((await stranger.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(404);
    expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/cancel`, {})).body).toEqual({ url: '/pricing' });
    expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(409);
    expect((await balanceOf(orgId)).balance).toBe(0);
  });

  it('test events need admin.stripe.edit', async () => {
    const { client, orgId } = await memberWithOrg(t, `nope-${randomUUID().slice(0, 6)}@example.com`);
    expect((await client.post('/api/admin/stripe/test-events', { orgId, kind: 'renewal' })).status).toBe(403);
    expect((await admin.get('/api/admin/stripe/simulator')).body).toEqual({ mode: 'simulator', testEvents: true });
    expect((await admin.post('/api/admin/stripe/test-events', { orgId: randomUUID(), kind: 'renewal' })).status).toBe(404);
  });

  it('reconciliation without a Stripe key is skipped, and says so', async () => {
    const res = await admin.post('/api/admin/stripe/reconcile', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ orgs: 0, checked: 0, missing: [], unknown: [], applied: 0, skipped: expect.stringMatching(/no Stripe key/) });
    const job = await t.app.queues['stripe-webhooks'].getJobScheduler('stripe-reconcile');
    expect(job?.every).toBe(86_400_000);
  });
});
