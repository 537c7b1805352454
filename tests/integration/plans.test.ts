import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';

let t: TestApp;
let admin: Client;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const valid = (over: Record<string, unknown> = {}) => ({
  name: `Plan ${randomUUID().slice(0, 6)}`,
  description: 'For testing',
  price_usd: 19.99,
  monthly_credits: 300,
  one_time_credits: 0,
  is_one_time: false,
  system_only: false,
  is_active: true,
  example_usages: ['Board meetings', 'Reports'],
  ...over,
});

describe('subscription plans API', () => {
  it('an admin creates a plan; it is listed publicly and readable by id without signing in', async () => {
    const created = await admin.post('/api/admin/subscriptions', valid({ name: 'Growth' }));
    expect(created.status).toBe(201);
    const plan = created.body.subscription;
    expect(created.body.success).toBe(true);
    expect(plan).toMatchObject({ name: 'Growth', price_usd: 19.99, monthly_credits: 300, example_usages: ['Board meetings', 'Reports'] });

    const anonymous = new Client(t.url);
    const list = await anonymous.get('/api/subscriptions/public');
    expect(list.status).toBe(200);
    expect(list.body.find((p: { id: string }) => p.id === plan.id)).toMatchObject({ name: 'Growth', price_usd: 19.99, is_active: true });
    const one = await anonymous.get(`/api/subscriptions/${plan.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(plan);
    expect((await admin.get('/api/admin/subscriptions')).body.map((p: { id: string }) => p.id)).toContain(plan.id);
  });

  it('lists publicly only active plans that are not system-only', async () => {
    const hidden = await admin.post('/api/admin/subscriptions', valid({ id: 'staff-plan', system_only: true }));
    const off = await admin.post('/api/admin/subscriptions', valid({ id: 'old-plan', is_active: false }));
    expect([hidden.status, off.status]).toEqual([201, 201]);
    const ids = (await new Client(t.url).get('/api/subscriptions/public')).body.map((p: { id: string }) => p.id);
    expect(ids).not.toContain('staff-plan');
    expect(ids).not.toContain('old-plan');
    expect((await new Client(t.url).get('/api/subscriptions/staff-plan')).status).toBe(404);
    expect((await new Client(t.url).get('/api/subscriptions/old-plan')).status).toBe(404);
    expect((await new Client(t.url).get('/api/subscriptions/no-such-plan')).status).toBe(404);
    const adminIds = (await admin.get('/api/admin/subscriptions')).body.map((p: { id: string }) => p.id);
    expect(adminIds).toEqual(expect.arrayContaining(['staff-plan', 'old-plan']));
  });

  it('updates only the fields sent, records only what changed, and 404s an unknown plan', async () => {
    const plan = (await admin.post('/api/admin/subscriptions', valid({ id: 'editable' }))).body.subscription;
    const res = await admin.put('/api/admin/subscriptions/editable', { price_usd: 25.5, is_active: false, name: plan.name, example_usages: ['New use'] });
    expect(res.status).toBe(200);
    expect(res.body.subscription).toMatchObject({ price_usd: 25.5, is_active: false, name: plan.name, monthly_credits: 300, example_usages: ['New use'] });
    const updates = await t.db.query(`SELECT data FROM events WHERE stream_id = 'plan-editable' AND type = 'PlanUpdated'`);
    expect(updates.rows.map((r) => Object.keys(r.data.changes).sort())).toEqual([['example_usages', 'is_active', 'price_usd']]);
    expect((await admin.put('/api/admin/subscriptions/editable', { price_usd: 25.5 })).status).toBe(200);
    expect((await t.db.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = 'plan-editable'`)).rows[0].n).toBe(2);
    expect((await admin.get('/api/admin/subscriptions')).body.find((p: { id: string }) => p.id === 'editable').price_usd).toBe(25.5);
    expect((await admin.put('/api/admin/subscriptions/nope', { price_usd: 1 })).status).toBe(404);
  });

  it.each([
    ['a negative price', { price_usd: -1 }],
    ['a price with three decimals', { price_usd: 9.999 }],
    ['a price given as text', { price_usd: '9.99' }],
    ['a huge price', { price_usd: 1e9 }],
    ['fractional credits', { monthly_credits: 1.5 }],
    ['negative credits', { one_time_credits: -5 }],
    ['huge credits', { monthly_credits: 1e12 }],
    ['an empty name', { name: '   ' }],
    ['no name', { name: undefined }],
    ['example usages that are not strings', { example_usages: [1, 2] }],
    ['a malformed id', { id: 'has spaces' }],
  ])('refuses %s with 400', async (_what, over) => {
    const res = await admin.post('/api/admin/subscriptions', valid(over));
    expect(res.status).toBe(400);
    expect(res.body.fields?.length ?? 0).toBeGreaterThan(0);
  });

  it('refuses bad edits and a duplicate id', async () => {
    await admin.post('/api/admin/subscriptions', valid({ id: 'fixed-id' }));
    const dup = await admin.post('/api/admin/subscriptions', valid({ id: 'fixed-id' }));
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ type: 'duplicate', field: 'id' });
    expect((await admin.put('/api/admin/subscriptions/fixed-id', { price_usd: 0.001 })).status).toBe(400);
    expect((await admin.put('/api/admin/subscriptions/fixed-id', { monthly_credits: -1 })).status).toBe(400);
    expect((await admin.put('/api/admin/subscriptions/fixed-id', { name: '' })).status).toBe(400);
    expect((await admin.put('/api/admin/subscriptions/fixed-id', { unknown_field: 1 })).status).toBe(400);
  });

  it('refuses a one-time plan with monthly credits (create or update) with 400 naming monthly_credits, and appends nothing', async () => {
    const count = async (id: string) => (await t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [`plan-${id}`])).rows[0].n;
    const created = await admin.post('/api/admin/subscriptions', valid({ id: 'contradiction', is_one_time: true, monthly_credits: 100 }));
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ field: 'monthly_credits' });
    expect(created.body.error).toMatch(/one-time/i);
    expect(await count('contradiction')).toBe(0);

    expect((await admin.post('/api/admin/subscriptions', valid({ id: 'monthly-one', monthly_credits: 100 }))).status).toBe(201);
    const flipped = await admin.put('/api/admin/subscriptions/monthly-one', { is_one_time: true });
    expect(flipped.status).toBe(400);
    expect(flipped.body).toMatchObject({ field: 'monthly_credits' });
    expect((await admin.post('/api/admin/subscriptions', valid({ id: 'pack-one', is_one_time: true, monthly_credits: 0, one_time_credits: 50 }))).status).toBe(201);
    const monthly = await admin.put('/api/admin/subscriptions/pack-one', { monthly_credits: 10 });
    expect(monthly.status).toBe(400);
    expect(monthly.body).toMatchObject({ field: 'monthly_credits' });
    expect([await count('monthly-one'), await count('pack-one')]).toEqual([1, 1]);
    // Both fields together make a consistent pack.
    const fixed = await admin.put('/api/admin/subscriptions/monthly-one', { is_one_time: true, monthly_credits: 0 });
    expect(fixed.status).toBe(200);
    expect(fixed.body.subscription).toMatchObject({ is_one_time: true, monthly_credits: 0 });
  });

  it('keeps prices exact to the cent', async () => {
    const res = await admin.post('/api/admin/subscriptions', valid({ price_usd: 0.29 }));
    expect(res.body.subscription.price_usd).toBe(0.29);
    const read = await new Client(t.url).get(`/api/subscriptions/${res.body.subscription.id}`);
    expect(read.body.price_usd).toBe(0.29);
  });

  it('requires admin.subscriptions permissions for the admin calls', async () => {
    const { client: member } = await memberWithOrg(t, `member-${randomUUID().slice(0, 6)}@example.com`);
    expect((await member.get('/api/admin/subscriptions')).status).toBe(403);
    expect((await member.post('/api/admin/subscriptions', valid())).status).toBe(403);
    expect((await member.put('/api/admin/subscriptions/editable', { price_usd: 1 })).status).toBe(403);
    expect((await new Client(t.url).get('/api/admin/subscriptions')).status).toBe(401);
    // The guard answers before the body is validated.
    expect((await new Client(t.url).post('/api/admin/subscriptions', { price_usd: -1 })).status).toBe(401);
    expect((await member.post('/api/admin/subscriptions', { price_usd: -1 })).status).toBe(403);
    expect((await new Client(t.url).post('/api/stripe/create-checkout-session', {})).status).toBe(401);
  });
});
