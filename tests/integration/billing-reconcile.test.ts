import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { handleCommand } from '../../services/eventstore/command-handler.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { countEvents, createPlans, eventually, fixtureEvent, PRO_PLAN, postEvent, settled } from './stripe-support.ts';

/** Lists like Stripe's Subscriptions and Invoices APIs: whatever each customer has here, filtered by `customer`. */
function fakeStripe() {
  const subscriptions: Record<string, unknown>[] = [];
  const invoices: Record<string, unknown>[] = [];
  const seen: string[] = [];
  let failWith: number | null = null;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    seen.push(`${req.method} ${url.pathname}?${url.searchParams}`);
    res.setHeader('content-type', 'application/json');
    if (failWith) {
      res.statusCode = failWith;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong at the fake' } }));
      return;
    }
    const customer = url.searchParams.get('customer');
    const one = /^\/v1\/invoices\/(in_\w+)$/.exec(url.pathname);
    if (one && req.method === 'GET') {
      const found = invoices.find((i) => i.id === one[1]);
      res.statusCode = found ? 200 : 404;
      res.end(JSON.stringify(found ?? { error: { type: 'invalid_request_error', message: 'No such invoice' } }));
      return;
    }
    if (url.pathname === '/v1/invoice_payments' && req.method === 'GET') {
      const pi = url.searchParams.get('payment[payment_intent]');
      const data = invoices.filter((i) => i.paidBy === pi).map((i) => ({ id: `inpay_${i.id}`, object: 'invoice_payment', invoice: i.id, status: 'paid', payment: { type: 'payment_intent', payment_intent: pi } }));
      res.end(JSON.stringify({ object: 'list', url: url.pathname, has_more: false, data }));
      return;
    }
    const list = url.pathname === '/v1/subscriptions' ? subscriptions : url.pathname === '/v1/invoices' ? invoices : null;
    if (req.method !== 'GET' || !list) {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Unrecognized request URL' } }));
      return;
    }
    res.end(JSON.stringify({ object: 'list', url: url.pathname, has_more: false, data: list.filter((o) => o.customer === customer) }));
  });
  return {
    subscriptions,
    invoices,
    seen,
    fail: (status: number | null) => (failWith = status),
    start: () => new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripe = fakeStripe();
let t: TestApp;
let admin: Client;

beforeAll(async () => {
  const port = await stripe.start();
  t = await startApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' } });
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await stripe.close();
});

const balance = (orgId: string) => t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0].b as number);

async function orgWithCustomer() {
  const { client, orgId } = await memberWithOrg(t, `recon-${randomUUID().slice(0, 6)}@example.com`);
  const customerId = `cus_${randomUUID().replaceAll('-', '').slice(0, 14)}`;
  await handleCommand(t.app.store, orgDecider, orgStreamId(orgId), { type: 'LinkStripeCustomer', data: { orgId, customerId, at: new Date().toISOString() } }, {
    metadata: { actor: 'test', correlation_id: 'test', causation_id: 'test' },
  });
  return { client, orgId, customerId };
}

describe('POST /api/admin/stripe/reconcile against Stripe', () => {
  it('applies a paid invoice we never received once: reconciled twice, then its real webhook, still once', async () => {
    const { orgId, customerId } = await orgWithCustomer();
    const suffix = randomUUID().replaceAll('-', '').slice(0, 8);
    const real = fixtureEvent('invoice.paid.json', orgId, suffix, { fresh: true });
    const invoice = { ...real.data.object, customer: customerId };
    stripe.invoices.push(invoice);
    stripe.subscriptions.push({ id: `sub_stray${suffix}`, object: 'subscription', status: 'active', customer: customerId });

    const first = await admin.post('/api/admin/stripe/reconcile', { orgId });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ orgs: 1, checked: 2, applied: 1, skipped: null });
    expect(first.body.missing).toEqual([
      expect.objectContaining({ orgId, invoiceId: invoice.id, outcome: 'processed', eventId: `evt_reconcile_${invoice.id}`, key: expect.stringMatching(/^period:sub_/) }),
    ]);
    expect(first.body.unknown).toEqual([{ orgId, subscriptionId: `sub_stray${suffix}`, status: 'active' }]);
    // The customer filter went to Stripe: only this organization's objects were listed.
    expect(stripe.seen.some((r) => r.startsWith('GET /v1/invoices?') && r.includes(`customer=${customerId}`) && r.includes('status=paid'))).toBe(true);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);

    const second = await admin.post('/api/admin/stripe/reconcile', { orgId });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ applied: 0, missing: [] });
    expect(second.body.unknown).toHaveLength(1);

    // Stripe's own webhook for that invoice arrives late: it is applied, and grants nothing more.
    expect((await postEvent(t.url, real, t.config.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    expect(await settled(t, [real.id])).toEqual({ [real.id]: 'processed' });
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
    const grants = await t.db.query(`SELECT data->>'amount' AS amount FROM events WHERE stream_id = $1 AND type = 'CreditsGranted'`, [orgStreamId(orgId)]);
    expect(grants.rows).toEqual([{ amount: String(PRO_PLAN.monthly_credits) }]);

    // Every organization (no orgId): this one has nothing missing any more.
    const all = await admin.post('/api/admin/stripe/reconcile', {});
    expect(all.status).toBe(200);
    expect(all.body.missing.filter((m: { orgId: string }) => m.orgId === orgId)).toEqual([]);
  });

  it('a paid invoice already applied by its webhook is not missing', async () => {
    const { orgId, customerId } = await orgWithCustomer();
    const real = fixtureEvent('invoice.paid.json', orgId, randomUUID().replaceAll('-', '').slice(0, 8), { fresh: true });
    expect((await postEvent(t.url, real, t.config.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    expect(await settled(t, [real.id])).toEqual({ [real.id]: 'processed' });
    stripe.invoices.push({ ...real.data.object, customer: customerId });
    const res = await admin.post('/api/admin/stripe/reconcile', { orgId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ checked: 1, missing: [], unknown: [], applied: 0 });
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
  });

  it('Stripe down answers 502 with a message; a member may not reconcile; a bad orgId is a 400', async () => {
    const { client, orgId } = await orgWithCustomer();
    stripe.fail(500);
    try {
      const res = await admin.post('/api/admin/stripe/reconcile', { orgId });
      expect(res.status).toBe(502);
      expect(res.body.error).toMatch(/Stripe could not/);
    } finally {
      stripe.fail(null);
    }
    expect((await client.post('/api/admin/stripe/reconcile', { orgId })).status).toBe(403);
    expect((await admin.post('/api/admin/stripe/reconcile', { orgId: 'nope' })).status).toBe(400);
    expect(await balance(orgId)).toBe(0);
  });
});

describe('a refund of a subscription invoice whose event did not say what paid it', () => {
  it("asks Stripe which invoice the payment intent paid, and revokes that period's credits from its lot", async () => {
    const { orgId, customerId } = await orgWithCustomer();
    const suffix = randomUUID().replaceAll('-', '').slice(0, 8);
    const paid = fixtureEvent('invoice.paid.json', orgId, suffix, { fresh: true });
    const pi = `pi_lookup${suffix}`;
    stripe.invoices.push({ ...paid.data.object, customer: customerId, paidBy: pi });
    expect((await postEvent(t.url, paid, t.config.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    expect(await settled(t, [paid.id])).toEqual({ [paid.id]: 'processed' });
    await grantCredits(t, orgId, 300);
    await eventually(() => balance(orgId), (b) => b === 1300);

    const refund = fixtureEvent('charge.refunded.json', orgId, suffix);
    Object.assign(refund.data.object, { payment_intent: pi, amount: 2000, amount_captured: 2000, amount_refunded: 2000 });
    expect((await postEvent(t.url, refund, t.config.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
    expect(await settled(t, [refund.id])).toEqual({ [refund.id]: 'processed' });
    expect(stripe.seen.some((r) => r.startsWith('GET /v1/invoice_payments?') && r.includes(pi))).toBe(true);
    expect(await eventually(() => balance(orgId), (b) => b === 300)).toBe(300);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(2);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsRevoked')).toBe(1);
  });
});
