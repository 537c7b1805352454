import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signPayload } from '../../services/billing/stripe.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, eventually, fixtureEvent, PACK_PLAN, settled } from './stripe-support.ts';
import { hostileValue } from '../security/hostile.ts';

/** Hostile deliveries to POST /api/stripe/webhook (tampered bodies, missing signatures and redeliveries: webhooks.test.ts). */
let t: TestApp;
const secret = 'whsec_security_test_secret';
const PACK = 'checkout.session.completed.payment.json';
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  await createPlans(await signInAdmin(t.url), PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function deliver(event: unknown, signature: (payload: string) => string) {
  const payload = JSON.stringify(event);
  const res = await fetch(`${t.url}/api/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature(payload) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const stored = async (eventId: string) =>
  (await t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`stripe_event-${eventId}`])).rows[0].n as number;
const balanceOf = async (orgId: string) => (await t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId])).rows[0]?.b as number;

describe('webhook signatures', () => {
  it('refuses an event signed with another secret (400) and stores nothing', async () => {
    const { orgId } = await memberWithOrg(t, 'wrong-secret@example.com');
    const event = fixtureEvent(PACK, orgId, `_ws${randomUUID().slice(0, 8)}`);
    const res = await deliver(event, (p) => signPayload(p, 'whsec_not_our_secret'));
    expect(res.status).toBe(400);
    expect(await stored(event.id)).toBe(0);
  });

  it("refuses a signature older than Stripe's 300 s tolerance, and takes one inside it", async () => {
    const { orgId } = await memberWithOrg(t, 'old-stamp@example.com');
    const event = fixtureEvent(PACK, orgId, `_ts${randomUUID().slice(0, 8)}`);
    const old = await deliver(event, (p) => signPayload(p, secret, now() - 301));
    expect(old.status).toBe(400);
    expect(await stored(event.id)).toBe(0);
    const fresh = await deliver(event, (p) => signPayload(p, secret, now() - 240));
    expect(fresh).toEqual({ status: 200, body: { received: true } });
  });

  it('refuses a body changed after signing, even by one byte of whitespace', async () => {
    const { orgId } = await memberWithOrg(t, 'altered@example.com');
    const event = fixtureEvent(PACK, orgId, `_al${randomUUID().slice(0, 8)}`);
    const payload = JSON.stringify(event);
    const header = signPayload(payload, secret);
    for (const body of [payload.replace(orgId, randomUUID()), `${payload} `, JSON.stringify(event, null, 1)]) {
      const res = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body });
      expect(res.status).toBe(400);
    }
    expect(await stored(event.id)).toBe(0);
  });

  it('refuses an event replayed a day later with its old signature; re-signed, it is a duplicate that changes nothing', async () => {
    const { orgId } = await memberWithOrg(t, 'replay@example.com');
    const event = fixtureEvent(PACK, orgId, `_rp${randomUUID().slice(0, 8)}`);
    const payload = JSON.stringify(event);
    const yesterday = signPayload(payload, secret, now() - 86_400);
    expect((await deliver(event, (p) => signPayload(p, secret))).status).toBe(200);
    await settled(t, [event.id]);
    expect(await eventually(() => balanceOf(orgId), (b) => b === 500)).toBe(500);
    const replayed = await deliver(event, () => yesterday);
    expect(replayed.status).toBe(400);
    const resigned = await deliver(event, (p) => signPayload(p, secret));
    expect(resigned).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
    expect(await balanceOf(orgId)).toBe(500);
  });
});

describe('a flood of webhooks', () => {
  it('1,000 valid events at once (the first 100 sent twice): each applied exactly once, none lost, the endpoint keeps answering', { timeout: 300_000 }, async () => {
    const { orgId } = await memberWithOrg(t, 'flood@example.com');
    const events = Array.from({ length: 1000 }, (_, i) => fixtureEvent(PACK, orgId, `_fl${i}x${randomUUID().slice(0, 6)}`));
    expect(new Set(events.map((e) => e.id)).size).toBe(1000);
    const deliveries = [...events, ...events.slice(0, 100)];
    const health: Promise<number>[] = [];
    const answers = await Promise.all(
      deliveries.map((e, i) => {
        if (i % 50 === 0) health.push(fetch(`${t.url}/api/subscriptions/public`).then((r) => r.status));
        return deliver(e, (p) => signPayload(p, secret));
      }),
    );
    expect(await Promise.all(health)).toEqual(Array(22).fill(200));
    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.filter((a) => a.body.duplicate !== true)).toHaveLength(1000);

    const outcomes = await settled(t, events.map((e) => e.id), 180_000);
    expect(Object.values(outcomes).filter((o) => o !== 'processed')).toEqual([]);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1000);
    const balance = await eventually(() => balanceOf(orgId), (b) => b === 1000 * PACK_PLAN.one_time_credits, 60_000);
    expect(balance).toBe(500_000);
    const after = fixtureEvent(PACK, orgId, `_after${randomUUID().slice(0, 6)}`);
    expect((await deliver(after, (p) => signPayload(p, secret))).status).toBe(200);
  });
});

describe('signed events with hostile content', () => {
  const TYPES = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'invoice.paid', 'customer.subscription.deleted', 'customer.subscription.updated', 'charge.refunded', 'x.y'];

  it('never answer 5xx, never crash the worker: each is processed, ignored or failed, and no balance goes below zero', { timeout: 180_000 }, async () => {
    const { orgId } = await memberWithOrg(t, 'hostile-events@example.com');
    const ids: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TYPES), fc.constantFrom(...['data.object', 'data.object.metadata', 'data', 'data.object.amount_total']), hostileValue, async (type, where, value) => {
        const event = fixtureEvent(PACK, orgId, `_h${randomUUID().slice(0, 8)}`);
        event.type = type;
        const path = where.split('.');
        const parent = path.slice(0, -1).reduce((o: Record<string, any>, k) => o[k], event);
        parent[path.at(-1)!] = value;
        const object = event.data?.object;
        if (object && typeof object === 'object') Object.defineProperty(object, '__proto__', { value: { polluted: 'yes' }, enumerable: true });
        const res = await deliver(event, (p) => signPayload(p, secret));
        expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
        if (res.status === 200) ids.push(event.id);
      }),
      {
        numRuns: 42,
        examples: [
          ['checkout.session.completed', 'data.object.metadata', { orgId: '\u0000' }],
          ['invoice.paid', 'data.object', '\uD800'],
        ],
      },
    );
    const outcomes = await settled(t, ids, 120_000);
    expect(Object.keys(outcomes)).toHaveLength(ids.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.db.query('SELECT count(*)::int AS n FROM orgs WHERE credit_balance < 0')).rows[0].n).toBe(0);
  });
});
