import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { jobsFinished } from '../support/jobs.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { createPlans, fixtureEvent, PRO_PLAN, postEvent, settled } from './stripe-support.ts';

let t: TestApp;
let admin: Client;
const secret = 'whsec_lots_test_secret';
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN, { ...PRO_PLAN, id: 'plan-rollover', name: 'Rollover', rollover: true, one_time_expiry_days: 30 });
}, 120_000);
afterAll(async () => t?.close());

const withPlan = <T>(event: T, planId: string): T => JSON.parse(JSON.stringify(event).replaceAll('plan-pro-monthly', planId));
const types = async (orgId: string) => (await t.app.store.readStream(orgStreamId(orgId))).map((e) => e.type);
const near = (iso: string | null, ms: number, slack = 60_000) => iso !== null && Math.abs(Date.parse(iso) - ms) < slack;

async function deliver(...events: Record<string, any>[]) {
  for (const event of events) {
    expect((await postEvent(t.url, event, secret)).status).toBe(200);
    await settled(t, [event.id]);
  }
}

describe('lots granted through Stripe', () => {
  it('expire monthly credits at the end of the period they were bought for; one-time credits never', async () => {
    const { client, orgId } = await memberWithOrg(t, `monthly-${randomUUID().slice(0, 6)}@example.com`);
    const suffix = `m${randomUUID().slice(0, 6)}`;
    const renewal = fixtureEvent('invoice.paid.json', orgId, suffix, { fresh: true });
    await deliver(fixtureEvent('checkout.session.completed.subscription.json', orgId, suffix, { fresh: true }), renewal);
    const { lots, balance } = (await client.get('/api/me/credits')).body;
    expect(balance).toBe(2200);
    const bySource = (source: string) => lots.filter((l: { source: string }) => l.source === source);
    expect(bySource('plan_one_time')).toEqual([expect.objectContaining({ amount: 200, expiresAt: null, priority: 10 })]);
    const monthly = bySource('plan_monthly');
    expect(monthly).toHaveLength(2);
    // The first month's end is not in the checkout session: a month from now. The renewal's comes from its invoice line.
    expect(monthly.some((l: { expiresAt: string }) => near(l.expiresAt, Date.now() + 30 * DAY, 2 * DAY))).toBe(true);
    const lineEnd = renewal.data.object.lines.data[0].period.end * 1000;
    expect(monthly.some((l: { expiresAt: string }) => near(l.expiresAt, lineEnd, 1000))).toBe(true);
  });

  it('keep monthly credits of a rollover plan, and expire one-time credits after the plan\'s days', async () => {
    const { client, orgId } = await memberWithOrg(t, `rollover-${randomUUID().slice(0, 6)}@example.com`);
    const suffix = `r${randomUUID().slice(0, 6)}`;
    await deliver(withPlan(fixtureEvent('checkout.session.completed.subscription.json', orgId, suffix, { fresh: true }), 'plan-rollover'));
    const { lots } = (await client.get('/api/me/credits')).body;
    expect(lots.find((l: { source: string }) => l.source === 'plan_monthly')).toMatchObject({ amount: 1000, expiresAt: null });
    expect(near(lots.find((l: { source: string }) => l.source === 'plan_one_time').expiresAt, Date.now() + 30 * DAY)).toBe(true);
    // The admin list's last billing is the purchase's time, as ISO-8601 UTC with milliseconds (Postgres writes the text).
    const grant = (await t.app.store.readStream(orgStreamId(orgId))).find((e) => e.type === 'CreditsGranted')!.data as { at: string };
    // The admin's list is a read model the webhook's commands do not wait for: read once it has caught up.
    await waitFor('the read models', () => projectionsCaughtUp(t.db));
    const listed = (await admin.get(`/api/admin/orgs?page=1&limit=10&search=${orgId}`)).body.data;
    expect(listed).toEqual([expect.objectContaining({ id: orgId, last_billing: new Date(grant.at).toISOString() })]);
    expect(listed[0].last_billing).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('grant a period that had already ended when its payment arrived, and expire it in the same decision', async () => {
    const { client, orgId } = await memberWithOrg(t, `stale-${randomUUID().slice(0, 6)}@example.com`);
    await deliver(fixtureEvent('invoice.paid.json', orgId, `s${randomUUID().slice(0, 6)}`));
    expect((await client.get('/api/me/credits')).body).toMatchObject({ balance: 0, lots: [] });
    expect(await types(orgId)).toEqual(['OrganizationCreated', 'CreditsGranted', 'CreditsExpired']);
  });
});

describe('admin grants', () => {
  it('grant a promo lot that the worker expires at its time, once; balance-as-of and the lists show the expiry', async () => {
    const { client, orgId } = await memberWithOrg(t, `promo-${randomUUID().slice(0, 6)}@example.com`, 10);
    const expiresAt = new Date(Date.now() + 1500).toISOString();
    const granted = await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 25, description: 'launch promo', expiresAt, source: 'promo' });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ balance: 35, available: 35, lotId: expect.any(String) });
    const { lots } = (await client.get('/api/me/credits')).body;
    expect(lots[0]).toMatchObject({ id: granted.body.lotId, source: 'promo', priority: 5, amount: 25, remaining: 25, expiresAt });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(later)}`)).body).toMatchObject({ balance: 10 });

    await waitFor('the worker to expire the lot', async () => (await types(orgId)).includes('CreditsExpired'), 20_000);
    expect((await client.get('/api/me/credits')).body).toMatchObject({ balance: 10, available: 10 });
    await waitFor('the read models', () => projectionsCaughtUp(t.db));
    const lot = await admin.get(`/api/admin/orgs/${orgId}/credits`);
    expect(lot.body.lots.find((l: { id: string }) => l.id === granted.body.lotId)).toMatchObject({ status: 'expired', expired: 25, remaining: 0 });
    const tx = await t.db.query(`SELECT type, amount::int AS amount FROM credit_transactions WHERE org_id = $1 ORDER BY position`, [orgId]);
    expect(tx.rows.map((r) => `${r.type}:${r.amount}`)).toEqual(['purchase:10', 'promo:25', 'expired:-25']);
    // The sweep and a repeated job find nothing more to expire.
    const ledger = t.app.queues.ledger;
    await jobsFinished(ledger, [await ledger.add('sweep', {}), await ledger.add('expire-lot', { orgId, lotId: granted.body.lotId })]);
    expect((await types(orgId)).filter((x) => x === 'CreditsExpired')).toHaveLength(1);
  });

  it('are updated in place by debits: no index reads what a debit changes, and a spent lot leaves the sweep\'s index', async () => {
    // A column an index reads (or its predicate) makes every update of it write a new entry into each
    // index; what a debit changes is what is left and reserved of a lot.
    const indexes = await t.db.query(
      `SELECT indexdef FROM pg_indexes WHERE tablename = (SELECT c.relname FROM pg_depend d JOIN pg_rewrite r ON r.oid = d.objid
          JOIN pg_class c ON c.oid = d.refobjid WHERE r.ev_class = 'credit_lots'::regclass AND c.relname <> 'credit_lots' LIMIT 1)`,
    );
    expect(indexes.rows.length).toBeGreaterThanOrEqual(3);
    for (const { indexdef } of indexes.rows) expect(indexdef).not.toMatch(/\b(remaining|reserved|expired)\b/);

    const { client, orgId } = await memberWithOrg(t, `spent-${randomUUID().slice(0, 6)}@example.com`, 10);
    const promo = await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 5, description: 'promo', expiresAt: new Date(Date.now() + DAY).toISOString(), source: 'promo' });
    expect(promo.status).toBe(200);
    const open = async () => {
      await waitFor('the read models', () => projectionsCaughtUp(t.db));
      const rows = await t.db.query(`SELECT id, open FROM credit_lots WHERE org_id = $1 ORDER BY position`, [orgId]);
      return Object.fromEntries(rows.rows.map((r) => [r.id === promo.body.lotId ? 'promo' : 'purchase', r.open]));
    };
    expect(await open()).toEqual({ purchase: true, promo: true });
    // The promo lot comes first (priority 5): a debit of 7 spends it and takes 2 of the purchase.
    expect((await client.post('/api/usage', { credits: 7, description: 'model call', idempotencyKey: 'spend-promo' })).body).toEqual({ balance: 8, available: 8 });
    expect(await open()).toEqual({ purchase: true, promo: false });
  });

  it('refuse bad expiries, priorities and sources with 400 and append nothing', async () => {
    const { orgId } = await memberWithOrg(t, `badgrant-${randomUUID().slice(0, 6)}@example.com`, 5);
    const before = (await types(orgId)).length;
    const bad = [
      { amount: 5, description: 'x', expiresAt: new Date(Date.now() - 1000).toISOString() },
      { amount: 5, description: 'x', expiresAt: 'next week' },
      { amount: 5, description: 'x', priority: 101 },
      { amount: 5, description: 'x', priority: 1.5 },
      { amount: 5, description: 'x', priority: -1 },
      { amount: 5, description: 'x', source: 'purchase' },
      { amount: -2, description: 'x', expiresAt: new Date(Date.now() + DAY).toISOString() },
      { amount: -6, description: 'more than there is' },
      { amount: 5, description: 'x', expiresAt: '2026-02-30T00:00:00Z' },
      { amount: 5, description: 'x', expiresAt: '' },
      { amount: 5, description: 'x', priority: '3' },
      { amount: 0, description: 'x' },
      { amount: 1_000_000_001, description: 'x' },
      { amount: '5', description: 'x' },
      { amount: 5.5, description: 'x' },
      { amount: 5, description: '' },
    ];
    for (const body of bad) {
      const res = await admin.post(`/api/admin/orgs/${orgId}/credits`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toEqual(expect.any(String));
    }
    expect((await types(orgId)).length).toBe(before);
  });
});

describe('plans', () => {
  it('keep rollover and one_time_expiry_days through the admin API and show them on the public plan', async () => {
    const created = await admin.post('/api/admin/subscriptions', { ...PRO_PLAN, id: 'plan-expiring', name: 'Expiring', one_time_expiry_days: 90 });
    expect(created.status).toBe(201);
    expect(created.body.subscription).toMatchObject({ rollover: false, one_time_expiry_days: 90 });
    const updated = await admin.put('/api/admin/subscriptions/plan-expiring', { rollover: true, one_time_expiry_days: null });
    expect(updated.body.subscription).toMatchObject({ rollover: true, one_time_expiry_days: null });
    expect((await admin.put('/api/admin/subscriptions/plan-expiring', { one_time_expiry_days: 0 })).status).toBe(400);
    expect((await admin.put('/api/admin/subscriptions/plan-expiring', { rollover: 'yes' })).status).toBe(400);
    const pub = await waitFor('the plans read model', async () => {
      const res = await fetch(`${t.url}/api/subscriptions/plan-expiring`);
      const body = await res.json();
      return body.rollover === true ? body : null;
    });
    expect(pub).toMatchObject({ rollover: true, one_time_expiry_days: null });
  });
});
