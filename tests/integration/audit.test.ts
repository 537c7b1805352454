import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn, type Client } from '../support/http.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { orgStreamId } from '../../services/orgs/events.ts';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await signIn(t.url, 'admin@example.com');
});
afterAll(async () => t?.close());

describe('audit history', () => {
  it("pages through a stream's events with type, data, metadata and time, for admins only", async () => {
    const { client: member, orgId } = await memberWithOrg(t, 'history@example.com', 30);
    for (let i = 0; i < 3; i++) await member.post('/api/usage', { credits: 2, description: `use ${i}`, idempotencyKey: `h-${i}` });
    const page1 = await admin.get(`/api/admin/streams/${orgStreamId(orgId)}/events?limit=2`);
    expect(page1.status).toBe(200);
    expect(page1.body.totalPages).toBe(3);
    expect(page1.body.data.map((e: { type: string }) => e.type)).toEqual(['OrganizationCreated', 'CreditsGranted']);
    const page3 = await admin.get(`/api/admin/streams/${orgStreamId(orgId)}/events?limit=2&page=3`);
    expect(page3.body.data.map((e: { streamPosition: number }) => e.streamPosition)).toEqual([5]);
    expect(page3.body.data[0]).toMatchObject({ type: 'CreditsDebited', data: { amount: 2, balanceAfter: 24, description: 'use 2' } });
    expect(page3.body.data[0].metadata).toMatchObject({ actor: expect.any(String), correlation_id: expect.any(String), command_id: expect.any(String) });
    expect((await member.get(`/api/admin/streams/${orgStreamId(orgId)}/events`)).status).toBe(403);
    expect((await admin.get('/api/admin/streams/org-nope/events')).status).toBe(404);
  });

  it("computes an organization's balance as of any past moment from the log", async () => {
    const { client, orgId } = await memberWithOrg(t, 'asof@example.com', 0);
    const before = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await grantCredits(t, orgId, 40);
    await new Promise((r) => setTimeout(r, 20));
    const middle = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    await client.post('/api/usage', { credits: 15, description: 'x', idempotencyKey: 'asof-1' });
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(before)}`)).body.balance).toBe(0);
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(middle)}`)).body).toEqual({ balance: 40, available: 40, held: 0, at: middle });
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance`)).body.balance).toBe(25);
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=yesterday`)).status).toBe(400);
  });
});

describe('tamper evidence', () => {
  it('finds an event edited by SQL behind the product’s back', async () => {
    const { client, orgId } = await memberWithOrg(t, 'tamper@example.com', 10);
    await client.post('/api/usage', { credits: 1, description: 'honest', idempotencyKey: 't-1' });
    await client.post('/api/usage', { credits: 1, description: 'honest', idempotencyKey: 't-2' });
    const stream = orgStreamId(orgId);
    const clean = await admin.get(`/api/admin/streams/${stream}/verify`);
    expect(clean.body).toEqual({ ok: true, checked: 4, firstBadPosition: null });
    await t.db.query(
      `UPDATE events SET data = jsonb_set(data, '{amount}', '0') WHERE stream_id = $1 AND stream_position = 3`,
      [stream],
    );
    expect((await admin.get(`/api/admin/streams/${stream}/verify`)).body).toEqual({ ok: false, checked: 4, firstBadPosition: 3 });
  });
});
