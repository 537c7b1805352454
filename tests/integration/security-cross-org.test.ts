import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { createPlans, PACK_PLAN } from './stripe-support.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { waitFor } from '../support/processes.ts';

/** Alice and Bob are members of two organizations; Alice uses every id of Bob's that she could learn. */
let t: TestApp;
let alice: Client;
let bob: { client: Client; userId: string; orgId: string };
let bobOrgName: string;
let bobProject: string;
let bobCheckout: string;
let aliceOrgId: string;

const streamLength = async (orgId: string) =>
  (await t.db.query('SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [orgStreamId(orgId)])).rows[0].n as number;
/** The balance the read model shows once it has caught up (a debit answers before the read models show it). */
const balanceOf = async (orgId: string) => {
  await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
  return (await t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId])).rows[0].b as number;
};

beforeAll(async () => {
  t = await startApp();
  const admin = await signInAdmin(t.url);
  await createPlans(admin, PACK_PLAN);
  const a = await memberWithOrg(t, 'alice@example.com', 100);
  alice = a.client;
  aliceOrgId = a.orgId;
  bob = await memberWithOrg(t, 'bob@example.com', 100);
  bobOrgName = (await t.db.query('SELECT name FROM orgs WHERE id = $1', [bob.orgId])).rows[0].name;
  const project = await bob.client.post('/api/projects', { name: 'Bob secret project', description: 'bob-only' });
  expect(project.status).toBe(201);
  bobProject = project.body.id;
  const used = await bob.client.post('/api/usage', { credits: 7, description: 'bob secret usage', idempotencyKey: 'bob-key' });
  expect(used.body).toEqual({ balance: 93, available: 93 });
  const checkout = await bob.client.post('/api/stripe/create-checkout-session', { subscriptionId: PACK_PLAN.id });
  expect(checkout.status).toBe(200);
  bobCheckout = checkout.body.url.split('/').at(-1);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("a member never reads or changes another organization's data", () => {
  it("cannot see Bob's project in her list nor open it by id", async () => {
    const list = await alice.get('/api/projects');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(bobProject);
    expect((await alice.get(`/api/projects/${bobProject}`)).status).toBe(404);
    expect((await bob.client.get(`/api/projects/${bobProject}`)).status).toBe(200);
  });

  it("sees only her own organization, transactions and usage on her profile", async () => {
    const profile = await alice.get('/api/me/profile');
    expect(profile.status).toBe(200);
    const text = JSON.stringify(profile.body);
    for (const secret of [bob.orgId, bob.userId, bobOrgName, 'bob secret usage', 'bob@example.com']) expect(text).not.toContain(secret);
    expect(text).toContain(aliceOrgId);
  });

  it("spends only her own credits, whatever organization id she names, and cannot replay Bob's idempotency key", async () => {
    const before = await streamLength(bob.orgId);
    const spent = await alice.post('/api/usage', { credits: 5, description: 'mine', idempotencyKey: 'bob-key', orgId: bob.orgId, org_id: bob.orgId });
    expect(spent.status === 200 || spent.status === 400).toBe(true);
    if (spent.status === 200) expect(spent.body).toEqual({ balance: 95, available: 95 });
    expect(await streamLength(bob.orgId)).toBe(before);
    expect(await balanceOf(bob.orgId)).toBe(93);
  });

  it("cannot take Bob's organization by its name", async () => {
    const res = await alice.post('/api/me/profile/update', { name: 'Alice', orgName: bobOrgName });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ type: 'duplicate', field: 'orgName' });
    const users = await t.db.query('SELECT email, organization_id FROM users WHERE email IN ($1, $2) ORDER BY email', ['alice@example.com', 'bob@example.com']);
    expect(users.rows).toEqual([
      { email: 'alice@example.com', organization_id: aliceOrgId },
      { email: 'bob@example.com', organization_id: bob.orgId },
    ]);
  });

  it("cannot open, pay or cancel Bob's checkout", async () => {
    expect((await alice.get(`/api/stripe/sim/sessions/${bobCheckout}`)).status).toBe(404);
    expect((await alice.post(`/api/stripe/sim/sessions/${bobCheckout}/pay`)).status).toBe(404);
    expect((await alice.post(`/api/stripe/sim/sessions/${bobCheckout}/cancel`)).status).toBe(404);
    expect((await bob.client.get(`/api/stripe/sim/sessions/${bobCheckout}`)).body).toMatchObject({ status: 'open' });
  });

  it("is refused (403) every admin route that names Bob's organization, stream or account", async () => {
    const before = await streamLength(bob.orgId);
    const calls: [string, string, unknown?][] = [
      ['GET', `/api/admin/orgs/${bob.orgId}/balance`],
      ['GET', `/api/admin/streams/${orgStreamId(bob.orgId)}/events`],
      ['GET', `/api/admin/streams/${orgStreamId(bob.orgId)}/verify`],
      ['POST', `/api/admin/orgs/${bob.orgId}/credits`, { amount: -93, description: 'drain' }],
      ['POST', `/api/admin/orgs/${bob.orgId}/toggle-active`],
      ['PUT', `/api/admin/users/${bob.userId}/activate`, { is_active: false }],
      ['GET', '/api/admin/orgs'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/stripe/transactions'],
    ];
    for (const [method, path, body] of calls) expect({ path, status: (await alice.request(method, path, body)).status }).toEqual({ path, status: 403 });
    expect(await streamLength(bob.orgId)).toBe(before);
    expect(await balanceOf(bob.orgId)).toBe(93);
  });
});
