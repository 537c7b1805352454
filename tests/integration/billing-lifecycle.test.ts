import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { createPlans, eventually, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';

/** Plan changes, cancellation and resubscription through the simulator (no Stripe key), end to end. */
const STARTER = { id: 'plan-starter', name: 'Starter', price_usd: 10, monthly_credits: 300, is_one_time: false };
const PREMIUM = { id: 'plan-premium', name: 'Premium', price_usd: 50, monthly_credits: 3000, is_one_time: false };

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN, PACK_PLAN, STARTER, PREMIUM);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Billing = {
  customerId: string | null;
  plan: { planId: string } | null;
  subscriptions: { subscriptionId: string; planId: string | null; status: string; cancelAtPeriodEnd: boolean; pendingPlanId: string | null; currentPeriodEnd: string | null }[];
};
const LIVE = ['active', 'trialing', 'past_due'];

async function billing(client: Client): Promise<Billing> {
  const res = await client.get('/api/me/billing');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // The proof, at every step: at most one live subscription.
  expect((res.body as Billing).subscriptions.filter((s) => LIVE.includes(s.status)).length).toBeLessThanOrEqual(1);
  return res.body as Billing;
}
const until = (client: Client, done: (b: Billing) => boolean) => eventually(() => billing(client), done, 15_000);
const balance = (orgId: string) => t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0].b as number);
const untilBalance = (orgId: string, b: number) => eventually(() => balance(orgId), (v) => v === b, 15_000);
const pick = (client: Client, planId: string) => client.post('/api/stripe/create-checkout-session', { subscriptionId: planId });

async function subscribe(client: Client, planId: string) {
  const res = await pick(client, planId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const sessionId = String(res.body.url).split('/').at(-1)!;
  expect((await client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(200);
}

describe('one subscription per organization, whatever the member does', () => {
  it('upgrade, scheduled downgrade, call-off, cancel at period end, resume, end, resubscribe: never two live subscriptions', async () => {
    const { client, orgId } = await memberWithOrg(t, `life-${randomUUID().slice(0, 6)}@example.com`);
    await subscribe(client, 'plan-pro-monthly');
    let b = await until(client, (x) => x.plan?.planId === 'plan-pro-monthly');
    expect(b.customerId).toMatch(/^cus_sim_/);
    expect(b.subscriptions).toHaveLength(1);
    const first = b.subscriptions[0].subscriptionId;
    await untilBalance(orgId, 1200);

    // Upgrade: now, on the same subscription; the difference of monthly credits comes with the prorated invoice.
    expect((await pick(client, 'plan-premium')).body).toEqual({ url: '/profile' });
    b = await until(client, (x) => x.plan?.planId === 'plan-premium');
    expect(b.subscriptions.map((s) => [s.subscriptionId, s.planId, s.status])).toEqual([[first, 'plan-premium', 'active']]);
    expect(await untilBalance(orgId, 3200)).toBe(3200);

    // Downgrade: scheduled for the period's end; Premium stays in force until then.
    expect((await pick(client, 'plan-starter')).status).toBe(200);
    b = await until(client, (x) => x.subscriptions[0]?.pendingPlanId === 'plan-starter');
    expect(b.plan?.planId).toBe('plan-premium');
    expect(b.subscriptions[0].currentPeriodEnd).not.toBeNull();
    const refused = await pick(client, 'plan-pro-monthly');
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('plan_change_pending');
    // Picking the plan in force calls the downgrade off.
    expect((await pick(client, 'plan-premium')).status).toBe(200);
    b = await until(client, (x) => x.subscriptions[0]?.pendingPlanId === null);
    expect(b.plan?.planId).toBe('plan-premium');

    // Downgrade again, then the renewal puts it in force with Starter's credits.
    expect((await pick(client, 'plan-starter')).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.pendingPlanId === 'plan-starter');
    expect((await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'renewal' })).status).toBe(200);
    b = await until(client, (x) => x.plan?.planId === 'plan-starter');
    expect(b.subscriptions.map((s) => [s.subscriptionId, s.planId, s.pendingPlanId])).toEqual([[first, 'plan-starter', null]]);
    expect(await untilBalance(orgId, 3500)).toBe(3500);

    // The portal (simulator): cancel at the period's end, resume, cancel again.
    expect((await client.post('/api/stripe/create-portal-session', {})).body).toEqual({ url: '/billing/portal' });
    expect((await client.post('/api/stripe/sim/portal/cancel', {})).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.cancelAtPeriodEnd === true);
    expect((await client.post('/api/stripe/sim/portal/resume', {})).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.cancelAtPeriodEnd === false);
    expect((await client.post('/api/stripe/sim/portal/cancel', {})).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.cancelAtPeriodEnd === true);

    // The period ends: the subscription is deleted, the plan gone.
    expect((await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'cancellation' })).status).toBe(200);
    b = await until(client, (x) => x.plan === null);
    expect(b.subscriptions.map((s) => s.status)).toEqual(['canceled']);

    // Resubscribe: a new subscription, the same customer.
    await subscribe(client, 'plan-pro-monthly');
    b = await until(client, (x) => x.plan?.planId === 'plan-pro-monthly');
    expect(b.subscriptions.map((s) => s.status)).toEqual(['canceled', 'active']);
    expect(b.subscriptions[1].subscriptionId).not.toBe(first);
    const customers = await t.db.query("SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'StripeCustomerLinked'", [`org-${orgId}`]);
    expect(customers.rows[0].n).toBe(1);

    // Buying a pack never touches the subscription.
    await subscribe(client, 'pack-500-credits');
    await untilBalance(orgId, 3500 + 1200 + 500);
    expect((await billing(client)).subscriptions.map((s) => s.status)).toEqual(['canceled', 'active']);
  });

  it('issue 23 item 1: the portal\'s Resume calls off a scheduled downgrade (pendingPlanId cleared), and so does picking the plan in force', async () => {
    const { client } = await memberWithOrg(t, `resume-${randomUUID().slice(0, 6)}@example.com`);
    await subscribe(client, 'plan-pro-monthly');
    await until(client, (x) => x.plan?.planId === 'plan-pro-monthly');
    expect((await pick(client, 'plan-starter')).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.pendingPlanId === 'plan-starter');
    expect((await client.post('/api/stripe/sim/portal/cancel', {})).status).toBe(200);
    let b = await until(client, (x) => x.subscriptions[0]?.cancelAtPeriodEnd === true);
    expect(b.subscriptions[0].pendingPlanId).toBe('plan-starter');
    expect((await client.post('/api/stripe/sim/portal/resume', {})).status).toBe(200);
    b = await until(client, (x) => x.subscriptions[0]?.cancelAtPeriodEnd === false);
    expect(b.subscriptions[0]).toMatchObject({ planId: 'plan-pro-monthly', pendingPlanId: null });
    expect(b.plan?.planId).toBe('plan-pro-monthly');
    // Nothing is scheduled any more: a downgrade can be asked again, and called off by picking Pro.
    expect((await pick(client, 'plan-starter')).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.pendingPlanId === 'plan-starter');
    expect((await pick(client, 'plan-pro-monthly')).status).toBe(200);
    b = await until(client, (x) => x.subscriptions[0]?.pendingPlanId === null);
    expect(b.plan?.planId).toBe('plan-pro-monthly');
  });

  it('issue 23 item 3: a plan\'s one-time credits come whenever it starts: by checkout, by upgrade, and by a scheduled downgrade taking effect', async () => {
    const { client, orgId } = await memberWithOrg(t, `once-${randomUUID().slice(0, 6)}@example.com`);
    await subscribe(client, 'plan-starter');
    await until(client, (x) => x.plan?.planId === 'plan-starter');
    await untilBalance(orgId, 300);
    // Starter → Pro: the monthly difference (700) and Pro's 200 one-time credits.
    expect((await pick(client, 'plan-pro-monthly')).status).toBe(200);
    await until(client, (x) => x.plan?.planId === 'plan-pro-monthly');
    expect(await untilBalance(orgId, 1200)).toBe(1200);
    const oneTime = await t.db.query(
      `SELECT data->>'description' AS d, (data->>'amount')::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsGranted' AND data->>'source' = 'plan_one_time'`,
      [`org-${orgId}`],
    );
    expect(oneTime.rows).toEqual([{ d: 'Pro: one-time credits', n: 200 }]);
    // Pro → Premium → (scheduled) Pro: Premium's upgrade, then Pro again at the renewal with its 200 one-time credits.
    expect((await pick(client, 'plan-premium')).status).toBe(200);
    await until(client, (x) => x.plan?.planId === 'plan-premium');
    await untilBalance(orgId, 3200);
    expect((await pick(client, 'plan-pro-monthly')).status).toBe(200);
    await until(client, (x) => x.subscriptions[0]?.pendingPlanId === 'plan-pro-monthly');
    expect((await admin.post('/api/admin/stripe/test-events', { orgId, kind: 'renewal' })).status).toBe(200);
    await until(client, (x) => x.plan?.planId === 'plan-pro-monthly');
    const grants = () =>
      t.db
        .query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsGranted' AND data->>'source' = 'plan_one_time'`, [`org-${orgId}`])
        .then((r) => r.rows[0].n as number);
    expect(await eventually(grants, (n) => n === 2)).toBe(2);
  });

  it('two checkouts raced from two tabs: one subscription at most, whatever is paid', async () => {
    const { client } = await memberWithOrg(t, `tabs-${randomUUID().slice(0, 6)}@example.com`);
    const same = await Promise.all([pick(client, 'plan-pro-monthly'), pick(client, 'plan-pro-monthly')]);
    expect(same.map((r) => r.status)).toEqual([200, 200]);
    // The same plan from two tabs is the same checkout.
    expect(same[0].body.url).toBe(same[1].body.url);

    const other = await Promise.all([pick(client, 'plan-starter'), pick(client, 'plan-premium')]);
    const urls = [...same, ...other].filter((r) => r.status === 200).map((r) => String(r.body.url));
    expect(other.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const pays = await Promise.all([...new Set(urls)].map((u) => client.post(`/api/stripe/sim/sessions/${u.split('/').at(-1)}/pay`, {})));
    expect(pays.filter((p) => p.status === 200)).toHaveLength(1);
    const b = await until(client, (x) => x.plan !== null);
    expect(b.subscriptions).toHaveLength(1);
    expect(b.subscriptions[0].status).toBe('active');
  });

  it('answers 401 without a session', async () => {
    const anon = await fetch(`${t.url}/api/me/billing`);
    expect(anon.status).toBe(401);
  });
});
