import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signIn, type Client } from '../support/http.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { clockPast, waitFor } from '../support/processes.ts';
import { orgStreamId } from '../../services/orgs/events.ts';

let t: TestApp;
let admin: Client;
beforeAll(async () => {
  t = await startApp();
  admin = await signIn(t.url, 'admin@example.com');
});
afterAll(async () => t?.close());

/**
 * A moment after every event so far, once this clock has passed it (so the next event comes after it):
 * the log's times have microseconds, an ISO time milliseconds.
 */
async function momentAfterTheLog(): Promise<string> {
  const last = (await t.db.query('SELECT max(created_at) AS last FROM events')).rows[0].last as Date;
  const moment = last.getTime() + 1;
  await clockPast(moment);
  return new Date(moment).toISOString();
}

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
    const before = await momentAfterTheLog();
    await grantCredits(t, orgId, 40);
    const middle = await momentAfterTheLog();
    await client.post('/api/usage', { credits: 15, description: 'x', idempotencyKey: 'asof-1' });
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(before)}`)).body.balance).toBe(0);
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(middle)}`)).body).toEqual({ balance: 40, available: 40, held: 0, at: middle });
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance`)).body.balance).toBe(25);
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance?at=yesterday`)).status).toBe(400);
  });

  it('shows holds, captures, lots and expiries in the history, and counts them in the balance as of any moment', async () => {
    const { client, orgId } = await memberWithOrg(t, 'asof-holds@example.com', 40);
    type Entry = { type: string; data: Record<string, unknown>; createdAt: string };
    const history = async () => (await admin.get(`/api/admin/streams/${orgStreamId(orgId)}/events?limit=50`)).body.data as Entry[];
    const asOf = async (at: string) => (await admin.get(`/api/admin/orgs/${orgId}/balance?at=${encodeURIComponent(at)}`)).body;
    const hold = (await client.post('/api/usage/holds', { credits: 15, description: 'session', idempotencyKey: 'asof-hold' })).body;
    expect((await client.post(`/api/usage/holds/${hold.holdId}/capture`, { credits: 5 })).status).toBe(200);
    const expiresAt = new Date(Date.now() + 5000).toISOString();
    const promo = await admin.post(`/api/admin/orgs/${orgId}/credits`, { amount: 10, description: 'promo', source: 'promo', expiresAt });
    expect(promo.status).toBe(200);
    await waitFor('the worker to expire the promo lot', async () => (await history()).some((e) => e.type === 'CreditsExpired'), 30_000);

    const events = await history();
    expect(events.map((e) => e.type)).toEqual([
      'OrganizationCreated',
      'CreditsGranted',
      'HoldPlaced',
      'CreditsDebited',
      'HoldReleased',
      'CreditsGranted',
      'CreditsExpired',
    ]);
    expect(events[2].data).toMatchObject({ holdId: hold.holdId, credits: 15, expiresAt: hold.expiresAt });
    expect(events[3].data).toMatchObject({ holdId: hold.holdId, amount: 5, balanceAfter: 35 });
    expect(events[4].data).toMatchObject({ holdId: hold.holdId, credits: 10 });
    expect(events[5].data).toMatchObject({ lotId: promo.body.lotId, source: 'promo', priority: 5, expiresAt, amount: 10, balanceAfter: 45 });
    expect(events[6].data).toMatchObject({ lotId: promo.body.lotId, amount: 10, balanceAfter: 35 });

    // Just after each event was recorded (the log keeps microseconds, the answer milliseconds), and now.
    const justAfter = (iso: string) => new Date(Date.parse(iso) + 1).toISOString();
    const placedAt = justAfter(events[2].createdAt);
    const grantedAt = justAfter(events[5].createdAt);
    expect(await asOf(placedAt)).toEqual({ balance: 40, available: 25, held: 15, at: placedAt });
    expect(await asOf(grantedAt)).toEqual({ balance: 45, available: 45, held: 0, at: grantedAt });
    expect(await asOf(new Date(Date.parse(expiresAt) + 1).toISOString())).toMatchObject({ balance: 35, held: 0 });
    expect((await admin.get(`/api/admin/orgs/${orgId}/balance`)).body).toMatchObject({ balance: 35, available: 35, held: 0 });
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
