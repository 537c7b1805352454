import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { stripeEventJobId } from '../../services/platform/jobs.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import {
  countEvents,
  createPlans,
  eventually,
  fixtureEvent,
  fixtureNames,
  PACK_PLAN,
  postEvent,
  PRO_PLAN,
  settled,
  shuffle,
} from './stripe-support.ts';

let t: TestApp;
let admin: Client;
const secret = 'whsec_webhook_test_secret';

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN, PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const orgRow = (orgId: string) => t.db.query('SELECT credit_balance::int AS balance, plan FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0]);
const ledger = (orgId: string) =>
  t.db.query('SELECT type, amount::int AS amount FROM credit_transactions WHERE org_id = $1 ORDER BY amount, type', [orgId]).then((r) => r.rows);

describe('Stripe webhooks', () => {
  it('every fixture, delivered three times in shuffled order, has its effect exactly once', async () => {
    const { orgId } = await memberWithOrg(t, `fixtures-${randomUUID().slice(0, 6)}@example.com`);
    const events = fixtureNames().map((name) => fixtureEvent(name, orgId, '', { fresh: true }));
    expect(events.length).toBe(9);
    const deliveries = shuffle([...events, ...events, ...events]);
    const answers: { status: number; duplicate: boolean }[] = [];
    for (let i = 0; i < deliveries.length; i += 3) {
      const batch = await Promise.all(deliveries.slice(i, i + 3).map((e) => postEvent(t.url, e, secret)));
      answers.push(...batch.map((a) => ({ status: a.status, duplicate: a.body.duplicate === true })));
    }
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => !a.duplicate)).toHaveLength(9);

    const byType = Object.fromEntries(events.map((e) => [e.id, e.type]));
    const statuses = await settled(t, events.map((e) => e.id));
    const ignored = Object.entries(statuses).filter(([, s]) => s === 'ignored').map(([id]) => byType[id]).sort();
    expect(ignored).toEqual(['refund.created']);
    expect(Object.values(statuses).filter((s) => s === 'processed')).toHaveLength(8);

    // 200 one-time + 1000 first month (once, though both the session and the first invoice carry it)
    // + 1000 renewal + 500 pack + 500 delayed-payment pack - 500 refund of the first pack.
    // The cancellation may be the last event of the shuffle: wait for the read model to show it too.
    const org = await eventually(() => orgRow(orgId), (o) => o.balance === 2700 && o.plan === null);
    expect(org.balance).toBe(2700);
    expect(org.plan).toBeNull();
    const rows = await eventually(() => ledger(orgId), (r) => r.length === 6);
    expect(rows).toEqual([
      { type: 'refund', amount: -500 },
      { type: 'purchase', amount: 200 },
      { type: 'purchase', amount: 500 },
      { type: 'purchase', amount: 500 },
      { type: 'purchase', amount: 1000 },
      { type: 'renewal', amount: 1000 },
    ]);
    const stream = orgStreamId(orgId);
    const started = await countEvents(t, stream, 'PlanSubscribed');
    const ended = await countEvents(t, stream, 'PlanCancelled');
    expect(started).toBeLessThanOrEqual(1);
    expect(ended).toBe(started);
    expect(await countEvents(t, stream, 'CreditsGranted')).toBe(5);
    expect(await countEvents(t, stream, 'CreditsRevoked')).toBe(1);
  });

  it('a subscription started then deleted starts the plan once and ends it once', async () => {
    const { orgId } = await memberWithOrg(t, `ordered-${randomUUID().slice(0, 6)}@example.com`);
    const suffix = `x${randomUUID().slice(0, 6)}`;
    const completed = fixtureEvent('checkout.session.completed.subscription.json', orgId, suffix);
    const deleted = fixtureEvent('customer.subscription.deleted.json', orgId, suffix);
    expect((await postEvent(t.url, completed, secret)).status).toBe(200);
    await settled(t, [completed.id]);
    const subscribed = await eventually(() => orgRow(orgId), (o) => o.plan !== null);
    expect(subscribed.plan).toMatchObject({ planId: 'plan-pro-monthly', name: 'Pro', subscriptionId: completed.data.object.subscription, monthlyCredits: 1000 });
    expect(subscribed.balance).toBe(1200);
    await postEvent(t.url, deleted, secret);
    await postEvent(t.url, completed, secret);
    await settled(t, [completed.id, deleted.id]);
    const after = await eventually(() => orgRow(orgId), (o) => o.plan === null);
    expect(after).toEqual({ balance: 1200, plan: null });
    expect(await countEvents(t, orgStreamId(orgId), 'PlanSubscribed')).toBe(1);
    expect(await countEvents(t, orgStreamId(orgId), 'PlanCancelled')).toBe(1);
  });

  it('a refund revokes its share of the credits, waits for a payment it overtook, and never goes below zero', async () => {
    const { orgId, userId } = await memberWithOrg(t, `refund-${randomUUID().slice(0, 6)}@example.com`);
    const suffix = `r${randomUUID().slice(0, 6)}`;
    const paid = fixtureEvent('checkout.session.completed.payment.json', orgId, suffix);
    const refund = (amountRefunded: number, n: number) => {
      const event = fixtureEvent('charge.refunded.json', orgId, suffix);
      event.id = `${event.id}_${n}`;
      Object.assign(event.data.object, { amount_refunded: amountRefunded, refunded: amountRefunded === 4900 });
      return event;
    };
    const half = refund(2450, 1);
    await postEvent(t.url, half, secret);
    await waitFor('the refund to find no payment and wait for a retry', async () => ((await t.app.queues['stripe-webhooks'].getJob(stripeEventJobId(half.id)))?.attemptsMade ?? 0) >= 1);
    await postEvent(t.url, paid, secret);
    expect(await settled(t, [half.id, paid.id])).toEqual({ [half.id]: 'processed', [paid.id]: 'processed' });
    expect((await eventually(() => orgRow(orgId), (o) => o.balance === 250)).balance).toBe(250);

    await t.app.credits.debit({ orgId, credits: 200, description: 'usage', idempotencyKey: randomUUID(), userId, metadata: { actor: 'test' } });
    const full = refund(4900, 2);
    await postEvent(t.url, full, secret);
    await settled(t, [full.id]);
    expect((await eventually(() => orgRow(orgId), (o) => o.balance === 0)).balance).toBe(0);
    const revoked = await t.db.query(
      `SELECT (data->>'requested')::int AS requested, (data->>'amount')::int AS amount, (data->>'shortfall')::int AS shortfall
         FROM events WHERE stream_id = $1 AND type = 'CreditsRevoked' ORDER BY stream_position`,
      [orgStreamId(orgId)],
    );
    expect(revoked.rows).toEqual([
      { requested: 250, amount: 250, shortfall: 0 },
      { requested: 250, amount: 50, shortfall: 200 },
    ]);
  });

  it('a refund says its amount in the member\'s history, and in words when its credits were already spent, never a charge id (issue 23 item 8)', async () => {
    const { orgId, userId, client } = await memberWithOrg(t, `refund-words-${randomUUID().slice(0, 6)}@example.com`);
    const suffix = `w${randomUUID().slice(0, 6)}`;
    const paid = fixtureEvent('checkout.session.completed.payment.json', orgId, suffix);
    await postEvent(t.url, paid, secret);
    await settled(t, [paid.id]);
    expect((await eventually(() => orgRow(orgId), (o) => o.balance === 500)).balance).toBe(500);
    const refund = (amountRefunded: number, n: number) => {
      const event = fixtureEvent('charge.refunded.json', orgId, suffix);
      event.id = `${event.id}_${n}`;
      Object.assign(event.data.object, { amount_refunded: amountRefunded, refunded: amountRefunded === 4900 });
      return event;
    };
    // Half refunded while 300 of the 500 are spent: 250 asked, 200 taken; then the rest, with nothing left to take.
    await t.app.credits.debit({ orgId, credits: 300, description: 'usage', idempotencyKey: randomUUID(), userId, metadata: { actor: 'test' } });
    const half = refund(2450, 1);
    await postEvent(t.url, half, secret);
    await settled(t, [half.id]);
    const rest = refund(4900, 2);
    await postEvent(t.url, rest, secret);
    await settled(t, [rest.id]);
    const refunds = await eventually(
      async () => ((await client.get('/api/me/profile')).body.transactions as { type: string; amount: number; description: string }[]).filter((x) => x.type === 'refund'),
      (rows) => rows.length === 2,
    );
    expect(refunds).toEqual([
      expect.objectContaining({ amount: 0, description: 'Refund of $24.50 — its credits were already spent' }),
      expect.objectContaining({ amount: -200, description: 'Refund of $24.50 — 50 of its credits were already spent' }),
    ]);
    const everything = JSON.stringify((await client.get('/api/me/profile')).body);
    expect(everything).not.toMatch(/\bch_|\bpi_|\bcs_/);
  });

  it('refuses a tampered or missing signature with 400 and stores nothing', async () => {
    const event = fixtureEvent('checkout.session.completed.payment.json', randomUUID(), `t${randomUUID().slice(0, 6)}`);
    const tampered = await postEvent(t.url, event, secret, (p) => p.replace('"amount_total":4900', '"amount_total":1'));
    expect(tampered.status).toBe(400);
    const wrongSecret = await postEvent(t.url, event, 'whsec_someone_else');
    expect(wrongSecret.status).toBe(400);
    const unsigned = await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(event) });
    expect(unsigned.status).toBe(400);
    const stored = await t.db.query('SELECT count(*)::int AS n FROM streams WHERE stream_id = $1', [`stripe_event-${event.id}`]);
    expect(stored.rows[0].n).toBe(0);
  });

  it('answers a redelivery with duplicate: true', async () => {
    const event = fixtureEvent('refund.created.json', randomUUID(), `d${randomUUID().slice(0, 6)}`);
    expect((await postEvent(t.url, event, secret)).body).toEqual({ received: true });
    expect((await postEvent(t.url, event, secret)).body).toEqual({ received: true, duplicate: true });
    expect(await countEvents(t, `stripe_event-${event.id}`, 'StripeEventReceived')).toBe(1);
  });

  it('marks an event for an unknown organization or plan failed with its reason, and changes nothing else', async () => {
    const { orgId } = await memberWithOrg(t, `unknown-${randomUUID().slice(0, 6)}@example.com`);
    const ghostOrg = randomUUID();
    const forGhost = fixtureEvent('checkout.session.completed.payment.json', ghostOrg, `g${randomUUID().slice(0, 6)}`);
    const unknownPlan = fixtureEvent('checkout.session.completed.payment.json', orgId, `p${randomUUID().slice(0, 6)}`);
    unknownPlan.data.object.metadata.planId = 'no-such-plan';
    await postEvent(t.url, forGhost, secret);
    await postEvent(t.url, unknownPlan, secret);
    const statuses = await settled(t, [forGhost.id, unknownPlan.id]);
    expect(statuses).toEqual({ [forGhost.id]: 'failed', [unknownPlan.id]: 'failed' });
    expect(await orgRow(orgId)).toEqual({ balance: 0, plan: null });
    expect(await countEvents(t, orgStreamId(ghostOrg), 'CreditsGranted')).toBe(0);

    const log = await eventually(
      () => admin.get(`/api/admin/stripe/webhook-log?search=${forGhost.id}`),
      (r) => r.body?.data?.[0]?.status === 'failed',
    );
    expect(log.status).toBe(200);
    expect(log.body.data[0]).toMatchObject({ event_id: forGhost.id, status: 'failed', reason: `unknown organization ${ghostOrg}` });
    const planLog = await eventually(
      () => admin.get(`/api/admin/stripe/webhook-log?search=${unknownPlan.id}`),
      (r) => r.body?.data?.[0]?.status === 'failed',
    );
    expect(planLog.body.data[0].reason).toBe('unknown plan no-such-plan');
    const detail = await admin.get(`/api/admin/stripe/webhook-log/${log.body.data[0].id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.raw_event.id).toBe(forGhost.id);
    expect(detail.body.raw_event.data.object.metadata.orgId).toBe(ghostOrg);
  });

  it('lists payment transactions and the webhook log in pages, for admins only', async () => {
    const page = await eventually(
      () => admin.get('/api/admin/stripe/transactions?limit=2&sortField=id&sortOrder=desc'),
      (r) => r.body?.totalPages >= 2,
    );
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(2);
    expect(page.body.data[0].id).toBeGreaterThan(page.body.data[1].id);
    expect(page.body.data[0]).toHaveProperty('amount_total');
    const packs = await admin.get('/api/admin/stripe/transactions?search=pi_1PgafyB7WZ01zgkWSjxsAJo3&limit=10');
    const exact = packs.body.data.filter((r: { paymentIntent: string }) => r.paymentIntent === 'pi_1PgafyB7WZ01zgkWSjxsAJo3');
    const kinds = exact.map((r: { kind: string; amount_total: number }) => `${r.kind}:${r.amount_total}`).sort();
    expect(kinds).toEqual(['checkout:4900', 'refund:-4900']);
    const refund = exact.find((r: { kind: string }) => r.kind === 'refund');
    expect(refund.orgId).toMatch(/^[0-9a-f-]{36}$/);

    const all = await admin.get('/api/admin/stripe/webhook-log');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeLessThanOrEqual(10);
    expect(all.body.totalPages).toBeGreaterThanOrEqual(2);
    expect((await admin.get('/api/admin/stripe/webhook-log?sortField=raw_event;drop')).status).toBe(400);
    expect((await admin.get('/api/admin/stripe/webhook-log?sortOrder=sideways')).status).toBe(400);
    expect((await admin.get("/api/admin/stripe/webhook-log?search=%27%3B%20drop%20table%20events%3B--")).status).toBe(200);

    const { client: member } = await memberWithOrg(t, `nosy-${randomUUID().slice(0, 6)}@example.com`);
    expect((await member.get('/api/admin/stripe/transactions')).status).toBe(403);
    expect((await member.get('/api/admin/stripe/webhook-log')).status).toBe(403);
  });
});
