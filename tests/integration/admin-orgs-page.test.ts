import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminOrg } from '../../services/orgs/schemas.ts';
import { paged } from '../../services/platform/paging.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { createPlans, eventually, PRO_PLAN } from './stripe-support.ts';

/**
 * Issue 26 item 4 (reads): a page of the admin organizations table is the JSON text Postgres writes,
 * sent as it is. It must be exactly what the route's schema says, and the same rows as the full list.
 */
let t: TestApp;
let admin: Client;
const tag = randomUUID().slice(0, 6);
let subscribed: string;

beforeAll(async () => {
  t = await startApp();
  admin = await signInAdmin(t.url);
  await createPlans(admin, PRO_PLAN);
  // Three organizations: one with a plan, credits and a last billing, two with nothing.
  const orgs = await Promise.all(['a', 'b', 'c'].map((n) => memberWithOrg(t, `page-${tag}-${n}@example.com`)));
  subscribed = orgs[0].orgId;
  const checkout = await orgs[0].client.post('/api/stripe/create-checkout-session', { subscriptionId: PRO_PLAN.id });
  const sessionId = checkout.body.url.split('/').at(-1) as string;
  expect((await orgs[0].client.post(`/api/stripe/sim/sessions/${sessionId}/pay`, {})).status).toBe(200);
  await eventually(
    () => admin.get('/api/admin/orgs').then((r) => (r.body as { id: string; subscription: unknown; last_billing: unknown }[]).find((o) => o.id === subscribed)),
    (o) => !!o?.subscription && !!o.last_billing,
    20_000,
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const strictPage = paged(AdminOrg.strict().extend({ members: AdminOrg.shape.members.element.strict().array() }));

describe('a page of the admin organizations table', () => {
  it('is JSON exactly as the schema says, with the rows of the full list, in the order asked for', async () => {
    const all = (await admin.get('/api/admin/orgs')).body as { id: string; name: string; credit_balance: number }[];
    const byName = [...all].sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? 1 : a.name.toLowerCase() > b.name.toLowerCase() ? -1 : a.id < b.id ? 1 : -1));
    const res = await fetch(`${t.url}/api/admin/orgs?page=1&limit=2&sortField=name&sortOrder=desc`, { headers: { cookie: admin.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const page = strictPage.parse(JSON.parse(await res.text()));
    expect(page.totalPages).toBe(Math.ceil(all.length / 2));
    expect(page.data).toEqual(byName.slice(0, 2));

    const second = strictPage.parse((await admin.get('/api/admin/orgs?page=2&limit=2&sortField=name&sortOrder=desc')).body);
    expect(second.data).toEqual(byName.slice(2, 4));
  });

  it('writes a plan, a last billing and the members as the full list does', async () => {
    const all = (await admin.get('/api/admin/orgs')).body as { id: string }[];
    const one = strictPage.parse((await admin.get(`/api/admin/orgs?page=1&limit=10&search=${subscribed}`)).body);
    expect(one).toEqual({ data: [all.find((o) => o.id === subscribed)], totalPages: 1 });
    const [org] = one.data;
    expect(org.subscription).toMatchObject({ id: PRO_PLAN.id, is_one_time: false });
    expect(org.last_billing).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(org.members).toEqual([expect.objectContaining({ email: `page-${tag}-a@example.com`, role: 'owner' })]);
  });

  it('answers an empty page past the last, and a search that finds nothing, with the page count', async () => {
    const all = (await admin.get('/api/admin/orgs')).body as unknown[];
    expect(strictPage.parse((await admin.get('/api/admin/orgs?page=99&limit=10')).body)).toEqual({ data: [], totalPages: Math.ceil(all.length / 10) });
    expect(strictPage.parse((await admin.get('/api/admin/orgs?page=1&limit=10&search=no-such-organization')).body)).toEqual({ data: [], totalPages: 1 });
  });
});
