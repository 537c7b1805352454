import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { createPlans, FIXTURE_DIR, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId } from '../../services/billing/stripe-subscription.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

/** Answers like Stripe's Checkout Sessions API, from Stripe's own example session; records each request. */
function fakeStripe() {
  const seen: Seen[] = [];
  const customers: Record<string, string> = {};
  let failWith: number | null = null;
  const example = JSON.parse(readFileSync(new URL('stripe-examples/checkout.session.json', FIXTURE_DIR), 'utf8'));
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      seen.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      res.setHeader('content-type', 'application/json');
      if (failWith) {
        res.statusCode = failWith;
        res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong at the fake' } }));
        return;
      }
      if (req.method === 'POST' && req.url === '/v1/customers') {
        // Stripe answers a repeated idempotency key with the first answer.
        const key = String(req.headers['idempotency-key'] ?? randomUUID());
        const id = (customers[key] ??= `cus_${randomUUID().replaceAll('-', '').slice(0, 14)}`);
        res.end(JSON.stringify({ id, object: 'customer', email: form.get('email'), metadata: { orgId: form.get('metadata[orgId]') } }));
        return;
      }
      const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(req.url ?? '');
      if (sub && req.method === 'GET') {
        res.end(JSON.stringify({ id: sub[1], object: 'subscription', status: 'active', items: { object: 'list', data: [{ id: 'si_fake_item', current_period_end: 1790000000 }] } }));
        return;
      }
      if (sub || req.url === '/v1/prices' || req.url === '/v1/billing_portal/sessions' || /\/expire$/.test(req.url ?? '')) {
        const id = req.url === '/v1/prices' ? 'price_fake' : (sub?.[1] ?? 'bps_fake');
        res.end(JSON.stringify({ id, object: 'x', url: 'https://billing.stripe.test/p/session/bps_fake' }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
        return;
      }
      const id = `cs_test_${randomUUID().replaceAll('-', '')}`;
      res.end(
        JSON.stringify({
          ...example,
          id,
          mode: form.get('mode'),
          client_reference_id: form.get('client_reference_id'),
          metadata: { orgId: form.get('metadata[orgId]'), userId: form.get('metadata[userId]'), planId: form.get('metadata[planId]') },
          status: 'open',
          url: `https://checkout.stripe.test/c/pay/${id}`,
        }),
      );
    });
  });
  return {
    seen,
    fail: (status: number | null) => (failWith = status),
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let member: { client: Client; userId: string; orgId: string };
const stripe = fakeStripe();

beforeAll(async () => {
  const port = await stripe.start();
  t = await startApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http', APP_URL: 'http://shop.example.test' },
  });
  const admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN, PACK_PLAN, { id: 'plan-starter', name: 'Starter', price_usd: 10, monthly_credits: 300 }, { id: 'plan-max', name: 'Max', price_usd: 90, monthly_credits: 9000 }, { id: 'retired', name: 'Retired', price_usd: 5, monthly_credits: 10, is_active: false }, {
    id: 'staff-only', name: 'Staff', price_usd: 1, monthly_credits: 10, system_only: true,
  });
  member = await memberWithOrg(t, 'buyer@example.com');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stripe.close();
});

const lastRequest = () => stripe.seen.at(-1)!;
const customerCreations = () => stripe.seen.filter((r) => r.path === '/v1/customers');

describe('POST /api/stripe/create-checkout-session with the Stripe SDK', () => {
  it('asks Stripe for a monthly subscription at the plan price, with our ids in metadata, and answers its url', async () => {
    const res = await member.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const req = lastRequest();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(req.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    const f = req.form;
    expect(f.get('mode')).toBe('subscription');
    expect(f.get('line_items[0][quantity]')).toBe('1');
    expect(f.get('line_items[0][price_data][unit_amount]')).toBe('2000');
    expect(f.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(f.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(f.get('line_items[0][price_data][product_data][name]')).toBe('Pro');
    expect(f.get('client_reference_id')).toBe(member.orgId);
    for (const prefix of ['metadata', 'subscription_data[metadata]']) {
      expect(f.get(`${prefix}[orgId]`)).toBe(member.orgId);
      expect(f.get(`${prefix}[userId]`)).toBe(member.userId);
      expect(f.get(`${prefix}[planId]`)).toBe('plan-pro-monthly');
    }
    expect(f.get('success_url')).toBe('http://shop.example.test/subscribed');
    expect(f.get('cancel_url')).toBe('http://shop.example.test/pricing');
    expect(f.has('customer_email')).toBe(false);
    expect(f.get('customer')).toMatch(/^cus_/);
    const created = customerCreations().at(-1)!;
    expect(created.form.get('metadata[orgId]')).toBe(member.orgId);
    expect(created.form.get('email')).toBe('buyer@example.com');
    expect(created.headers['idempotency-key']).toBe(`org-customer-${member.orgId}`);
  });

  it('keeps one Stripe customer per organization: later checkouts reuse it, and two at once create it once', async () => {
    const { client, orgId } = await memberWithOrg(t, `customer-${randomUUID().slice(0, 6)}@example.com`);
    const [a, b] = await Promise.all([
      client.post('/api/stripe/create-checkout-session', { subscriptionId: 'pack-500-credits' }),
      client.post('/api/stripe/create-checkout-session', { subscriptionId: 'pack-500-credits' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const third = await client.post('/api/stripe/create-checkout-session', { subscriptionId: 'pack-500-credits' });
    expect(third.status).toBe(200);
    const sessions = stripe.seen.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('client_reference_id') === orgId);
    expect(sessions).toHaveLength(3);
    expect(new Set(sessions.map((r) => r.form.get('customer'))).size).toBe(1);
    const linked = await t.db.query("SELECT data->>'customerId' AS id FROM events WHERE stream_id = $1 AND type = 'StripeCustomerLinked'", [`org-${orgId}`]);
    expect(linked.rows.map((r) => r.id)).toEqual([sessions[0].form.get('customer')]);
  });

  it('asks for a one-time payment for a credit pack, with metadata on the payment too', async () => {
    const res = await member.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'pack-500-credits' });
    expect(res.status).toBe(200);
    const f = lastRequest().form;
    expect(f.get('mode')).toBe('payment');
    expect(f.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(f.has('line_items[0][price_data][recurring][interval]')).toBe(false);
    expect(f.get('client_reference_id')).toBe(member.orgId);
    expect(f.get('metadata[planId]')).toBe('pack-500-credits');
    expect(f.get('payment_intent_data[metadata][orgId]')).toBe(member.orgId);
    // The card is kept for off-session payments (auto top-up).
    expect(f.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(f.has('subscription_data[metadata][orgId]')).toBe(false);
  });

  it('answers 502 "Stripe checkout failed" when Stripe fails', async () => {
    // A member with no checkout open (an open one for the same plan is answered again, without Stripe).
    const { client } = await memberWithOrg(t, `fails-${randomUUID().slice(0, 6)}@example.com`);
    stripe.fail(500);
    try {
      const res = await client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' });
      expect(res.status).toBe(502);
      expect(res.body.error).toBe('Stripe checkout failed');
    } finally {
      stripe.fail(null);
    }
  });

  it('refuses unknown, inactive and system-only plans, anonymous buyers and buyers without an organization', async () => {
    const before = stripe.seen.length;
    expect((await member.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'no-such-plan' })).status).toBe(404);
    expect((await member.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'retired' })).status).toBe(400);
    expect((await member.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'staff-only' })).status).toBe(400);
    expect((await member.client.post('/api/stripe/create-checkout-session', {})).status).toBe(400);
    expect((await new Client(t.url).post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' })).status).toBe(401);
    const inactive = await signIn(t.url, 'newcomer@example.com');
    expect((await inactive.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' })).status).toBe(403);
    const admin = await signInAdmin(t.url, 'Second Admin Org');
    const { client: loner } = await activeMember(t.url, admin, 'loner@example.com');
    const noOrg = await loner.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' });
    expect(noOrg.status).toBe(400);
    expect(noOrg.body.field).toBe('organization');
    expect(stripe.seen.length).toBe(before);
  });

  it('offers no simulator or test events when a Stripe key is set', async () => {
    const admin = await signInAdmin(t.url, 'Third Admin Org');
    expect((await admin.get('/api/admin/stripe/simulator')).body).toEqual({ mode: 'stripe', testEvents: false });
    const res = await admin.post('/api/admin/stripe/test-events', { orgId: member.orgId, kind: 'renewal' });
    expect(res.status).toBe(404);
  });
});

describe('plan changes and the portal with the Stripe SDK', () => {
  async function onPro(email: string) {
    const m = await memberWithOrg(t, email);
    const at = new Date().toISOString();
    const subscriptionId = `sub_fake${randomUUID().replaceAll('-', '').slice(0, 10)}`;
    const meta = { metadata: { actor: 'test' } };
    await t.app.commands.run(stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId), {
      type: 'StartSubscription', data: { subscriptionId, orgId: m.orgId, planId: 'plan-pro-monthly', at, currentPeriodEnd: 1790000000 },
    }, meta);
    const plan = { planId: 'plan-pro-monthly', name: 'Pro', subscriptionId, isOneTime: false, monthlyCredits: 1000 };
    await t.app.commands.run(orgDecider, orgStreamId(m.orgId), { type: 'SubscribePlan', data: { orgId: m.orgId, plan, at } }, meta);
    return { ...m, subscriptionId };
  }

  it('a cheaper plan updates the one subscription at the period end, without proration and without a checkout', async () => {
    const m = await onPro(`down-${randomUUID().slice(0, 6)}@example.com`);
    const before = stripe.seen.length;
    const res = await m.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-starter' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ url: '/profile' });
    const calls = stripe.seen.slice(before);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([`GET /v1/subscriptions/${m.subscriptionId}`, 'POST /v1/prices', `POST /v1/subscriptions/${m.subscriptionId}`]);
    const price = calls[1].form;
    expect([price.get('unit_amount'), price.get('recurring[interval]'), price.get('product_data[name]')]).toEqual(['1000', 'month', 'Starter']);
    const update = calls[2].form;
    expect(update.get('items[0][id]')).toBe('si_fake_item');
    expect(update.get('items[0][price]')).toBe('price_fake');
    expect(update.get('proration_behavior')).toBe('none');
    expect(update.get('cancel_at_period_end')).toBe('false');
    expect(update.get('metadata[planId]')).toBe('plan-starter');
    expect(update.get('metadata[fromPlanId]')).toBe('plan-pro-monthly');
    expect(update.get('metadata[effectiveFrom]')).toBe('1790000000');
    // Until Stripe's event confirms it, another change is refused.
    const again = await m.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-pro-monthly' });
    expect(again.status).toBe(409);
    expect(stripe.seen.filter((c) => c.path === '/v1/checkout/sessions' && c.form.get('client_reference_id') === m.orgId)).toHaveLength(0);
  });

  it('an upgrade is prorated and invoiced now; Stripe failing answers 502 and leaves no change pending', async () => {
    const m = await onPro(`up-${randomUUID().slice(0, 6)}@example.com`);
    stripe.fail(500);
    try {
      const failed = await m.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-starter' });
      expect(failed.status).toBe(502);
      expect(failed.body.error).toMatch(/^Stripe could not change the plan/);
    } finally {
      stripe.fail(null);
    }
    const res = await m.client.post('/api/stripe/create-checkout-session', { subscriptionId: 'plan-max' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const update = stripe.seen.filter((c) => c.path === `/v1/subscriptions/${m.subscriptionId}` && c.method === 'POST').at(-1)!.form;
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(update.get('metadata[planId]')).toBe('plan-max');
    expect(update.get('metadata[effectiveFrom]')).toBe('');
  });

  it('opens the billing portal for the organization\'s customer, and answers 502 when Stripe fails', async () => {
    const m = await memberWithOrg(t, `portal-${randomUUID().slice(0, 6)}@example.com`);
    const res = await m.client.post('/api/stripe/create-portal-session', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toBe('https://billing.stripe.test/p/session/bps_fake');
    const portal = stripe.seen.filter((c) => c.path === '/v1/billing_portal/sessions').at(-1)!;
    expect(portal.form.get('customer')).toMatch(/^cus_/);
    expect(portal.form.get('return_url')).toBe('http://shop.example.test/profile');
    stripe.fail(500);
    try {
      expect((await m.client.post('/api/stripe/create-portal-session', {})).status).toBe(502);
    } finally {
      stripe.fail(null);
    }
  });
});
