import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeAutoTopUp } from '../../services/billing/auto-top-up/charge.ts';
import { handleCommand } from '../../services/eventstore/command-handler.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, PACK_PLAN } from './stripe-support.ts';

/** A fake Stripe: the saved card, and PaymentIntents answered once per idempotency key (or declined). */
const seen: { path: string; key: string | undefined; body: string }[] = [];
let decline = false;
const server: Server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    const path = (req.url ?? '').split('?')[0];
    seen.push({ path, key: req.headers['idempotency-key'] as string | undefined, body });
    if (path === '/v1/payment_methods') return void res.end(JSON.stringify({ object: 'list', data: [{ id: 'pm_fake', object: 'payment_method' }], has_more: false }));
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      if (decline) {
        res.statusCode = 402;
        return void res.end(JSON.stringify({ error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card was declined.' } }));
      }
      return void res.end(JSON.stringify({ id: `pi_fake_${String(req.headers['idempotency-key']).slice(-12)}`, object: 'payment_intent', status: 'succeeded' }));
    }
    res.statusCode = 404;
    res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not faked' } }));
  });
});

let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  t = await startApp({ env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_API_HOST: '127.0.0.1', STRIPE_API_PORT: String(port), STRIPE_API_PROTOCOL: 'http' } });
  await createPlans(await signInAdmin(t.url), PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
  server.close();
});

async function setUp() {
  const m = await memberWithOrg(t, `atu-st-${randomUUID().slice(0, 6)}@example.com`);
  await handleCommand(t.app.store, orgDecider, orgStreamId(m.orgId), { type: 'LinkStripeCustomer', data: { orgId: m.orgId, customerId: `cus_fake_${m.orgId.slice(0, 6)}`, at: new Date().toISOString() } }, { metadata: { actor: 'test' } });
  expect((await m.client.put('/api/me/auto-top-up', { enabled: true, thresholdCredits: 100, planId: PACK_PLAN.id, maxPerMonth: 10 })).status).toBe(200);
  return m;
}

describe('auto top-up against (fake) Stripe', () => {
  it('one crossing seen by two jobs is one PaymentIntent key, off-session, and one recorded success', async () => {
    decline = false;
    const { orgId } = await setUp();
    const crossing = `${orgId}-u1`;
    const deps = { store: t.app.store, credits: t.app.credits, config: t.app.config };
    await Promise.all([chargeAutoTopUp(deps, orgId, crossing), chargeAutoTopUp(deps, orgId, crossing)]);
    const intents = seen.filter((r) => r.path === '/v1/payment_intents' && r.body.includes(orgId));
    expect(intents.length).toBeGreaterThan(0);
    expect(new Set(intents.map((r) => r.key))).toEqual(new Set([`auto-top-up-${crossing}`]));
    expect(intents[0].body).toContain('off_session=true');
    expect(intents[0].body).toContain('metadata[kind]=auto_top_up');
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpAttempted')).toBe(1);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpSucceeded')).toBe(1);
  });

  it('three declines in a row turn it off and say so', async () => {
    decline = true;
    const { client, orgId } = await setUp();
    const deps = { store: t.app.store, credits: t.app.credits, config: t.app.config };
    for (const c of ['a', 'b', 'c']) expect(await chargeAutoTopUp(deps, orgId, `${orgId}-${c}`)).toMatch(/failed: insufficient_funds/);
    const shown = (await client.get('/api/me/auto-top-up')).body;
    expect(shown).toMatchObject({ enabled: false, lastFailure: { reason: 'insufficient_funds' } });
    expect(shown.disabledReason).toMatch(/turned off after 3 failed charges/);
    expect(await chargeAutoTopUp(deps, orgId, `${orgId}-d`)).toMatch(/skipped/);
    expect(await countEvents(t, `org-${orgId}`, 'AutoTopUpDisabled')).toBe(1);
  });
});
