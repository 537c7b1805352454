import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { planDecider } from '../../services/plans/decider.ts';
import { planStreamId } from '../../services/plans/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';
import { Client, signIn } from '../support/http.ts';
import { activeMember, signInAdmin } from '../support/identity.ts';
import { joinTeam } from '../support/teams.ts';

let app: TestApp;
let admin: Client;

beforeAll(async () => {
  app = await startApp();
  admin = await signInAdmin(app.url);
}, 120_000);

afterAll(async () => {
  await app?.close();
});

const orgNamed = async (name: string) => (await app.db.query('SELECT id, name, is_active, credit_balance FROM orgs WHERE name = $1', [name])).rows;

describe('GET /api/me/profile', () => {
  it('is refused to visitors (401) and to inactive accounts (403)', async () => {
    expect((await new Client(app.url).get('/api/me/profile')).status).toBe(401);
    const inactive = await signIn(app.url, 'sleeper@example.com', 'Sleeper');
    expect((await inactive.get('/api/me/profile')).status).toBe(403);
  });

  it('shows an active user without an organization with no credits and empty lists', async () => {
    const { client, id } = await activeMember(app.url, admin, 'nora@example.com', 'Nora Null');
    const res = await client.get('/api/me/profile');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id,
      name: 'Nora Null',
      email: 'nora@example.com',
      organization_id: null,
      organization: null,
      credits: 0,
      transactions: [],
      usage: [],
    });
  });
});

describe('POST /api/me/profile/update', () => {
  let bea: Client;
  let cal: Client;

  beforeAll(async () => {
    bea = (await activeMember(app.url, admin, 'bea@example.com', 'Bea')).client;
    cal = (await activeMember(app.url, admin, 'cal@example.com', 'Cal')).client;
  });

  it('creates the organization (active, no plan, no credits) and joins it, in one transaction', async () => {
    const res = await bea.post('/api/me/profile/update', { name: 'Bea Baker', orgName: 'Acme' });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toMatchObject({
      name: 'Bea Baker',
      organization: { name: 'Acme', credits: 0, is_active: true, subscription: null },
      credits: 0,
    });
    const orgId = res.body.user.organization.id;
    expect(res.body.user.organization_id).toBe(orgId);

    const me = await bea.get('/api/auth/me');
    expect(me.body.user).toMatchObject({ name: 'Bea Baker', given_name: 'Bea', organization_id: orgId });

    const events = await app.db.query(
      `SELECT type, transaction_id::text AS tx FROM events
        WHERE type IN ('OrganizationCreated', 'UserJoinedOrganization', 'UserProfileUpdated') AND (data->>'orgId' = $1 OR data->>'name' = 'Bea Baker')
        ORDER BY global_position`,
      [orgId],
    );
    expect(events.rows.map((e) => e.type)).toEqual(['UserProfileUpdated', 'OrganizationCreated', 'UserJoinedOrganization']);
    expect(new Set(events.rows.map((e) => e.tx)).size).toBe(1);
  });

  it('answers a taken organization name (any case and spacing) with duplicate orgName and changes nothing', async () => {
    const before = await app.db.query('SELECT count(*)::int AS n FROM events');
    const res = await cal.post('/api/me/profile/update', { name: 'Cal Changed', orgName: '  ACME ' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ type: 'duplicate', field: 'orgName' });
    const after = await app.db.query('SELECT count(*)::int AS n FROM events');
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect((await cal.get('/api/me/profile')).body).toMatchObject({ name: 'Cal', organization: null });
    const acmes = await app.db.query(`SELECT count(*)::int AS n FROM orgs WHERE lower(trim(name)) = 'acme'`);
    expect(acmes.rows[0].n).toBe(1);
  });

  it('renames the organization for its owner, freeing the old name for others', async () => {
    const renamed = await bea.post('/api/me/profile/update', { name: 'Bea Baker', orgName: 'Acme Holdings' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.organization.name).toBe('Acme Holdings');
    expect(await orgNamed('Acme')).toEqual([]);

    const taken = await cal.post('/api/me/profile/update', { name: 'Cal', orgName: 'Acme' });
    expect(taken.status).toBe(200);
    expect(taken.body.user.organization.name).toBe('Acme');

    const clash = await bea.post('/api/me/profile/update', { name: 'Bea Baker', orgName: 'acme' });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ type: 'duplicate', field: 'orgName' });
    expect((await bea.get('/api/me/profile')).body.organization.name).toBe('Acme Holdings');
  });

  it('lets only an owner rename it: a billing member or a member is refused (403) and nothing changes, their own name neither', async () => {
    expect((await bea.get('/api/me/profile')).body.organization.role).toBe('owner');
    for (const role of ['billing', 'member'] as const) {
      const { client } = await joinTeam(app.url, bea, role);
      const before = (await client.get('/api/me/profile')).body;
      expect(before.organization).toMatchObject({ name: 'Acme Holdings', role });
      const events = await app.db.query('SELECT count(*)::int AS n FROM events');
      const res = await client.post('/api/me/profile/update', { name: 'Renamed Teammate', orgName: `Acme by ${role}` });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'forbidden', required: 'owner' });
      expect((await app.db.query('SELECT count(*)::int AS n FROM events')).rows[0].n).toBe(events.rows[0].n);
      expect((await client.get('/api/me/profile')).body).toMatchObject({ name: before.name, organization: { name: 'Acme Holdings' } });
      // Their own name, with the organization's left as it is, is theirs to change.
      const own = await client.post('/api/me/profile/update', { name: 'Renamed Teammate', orgName: 'Acme Holdings' });
      expect(own.status).toBe(200);
      expect(own.body.user).toMatchObject({ name: 'Renamed Teammate', organization: { name: 'Acme Holdings', role } });
    }
  });

  it('keeps the organization when the organization name is left empty or unchanged', async () => {
    const before = (await bea.get('/api/me/profile')).body.organization;
    for (const orgName of ['', 'Acme Holdings', undefined]) {
      const res = await bea.post('/api/me/profile/update', { name: 'Bea Baker', orgName });
      expect(res.status).toBe(200);
      expect(res.body.user.organization).toEqual(before);
    }
  });

  it('refuses an empty name with a message', async () => {
    const res = await bea.post('/api/me/profile/update', { name: '   ', orgName: 'Acme Holdings' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Name is required');
  });

  it('lists the organization plan, balance, recent credit transactions and usage, newest first', async () => {
    const orgId = (await bea.get('/api/me/profile')).body.organization.id as string;
    const run = (command: Parameters<typeof orgDecider.decide>[0]) =>
      app.app.commands.run(orgDecider, orgStreamId(orgId), command, { metadata: { actor: 'system' } });
    const at = new Date().toISOString();
    const plan = { name: 'Starter', description: 'For founders testing ideas.', price_usd: 9.99, monthly_credits: 100, one_time_credits: 0, is_one_time: false, system_only: false, is_active: true, example_usages: [] };
    await app.app.commands.run(planDecider, planStreamId('starter'), { type: 'CreatePlan', data: { planId: 'starter', at, ...plan } }, { metadata: { actor: 'system' } });
    await run({ type: 'SubscribePlan', data: { orgId, plan: { planId: 'starter', name: 'Starter', subscriptionId: 'sub_1', isOneTime: false, monthlyCredits: 100 }, at } });
    await app.app.credits.grant({ orgId, amount: 100, kind: 'purchase', source: 'plan_monthly', description: 'Starter plan', at }, { metadata: { actor: 'system' } });
    // Spent as a member does: the next read waits for the read models to show it.
    expect((await bea.post('/api/usage', { credits: 7, description: 'Board meeting', idempotencyKey: 'profile-1' })).status).toBe(200);

    // The read waits (1 s) for the read models, and says so when they are still behind on a busy machine.
    const profile = (await waitFor('a profile that is not stale', async () => {
      const res = await bea.get('/api/me/profile');
      return res.headers.get('x-stale') === null && res;
    })).body;
    expect(profile.credits).toBe(93);
    expect(profile.organization).toMatchObject({ credits: 93, subscription: { id: 'starter', name: 'Starter', description: 'For founders testing ideas.', monthly_credits: 100, is_one_time: false } });
    expect(profile.transactions.map((t: { type: string; amount: number; description: string }) => [t.type, t.amount, t.description])).toEqual([
      ['usage', -7, 'Board meeting'],
      ['purchase', 100, 'Starter plan'],
    ]);
    expect(profile.usage).toHaveLength(1);
    expect(profile.usage[0]).toMatchObject({ credits_used: 7, description: 'Board meeting' });
    expect(Number.isNaN(Date.parse(profile.usage[0].created_at))).toBe(false);
  });
});
