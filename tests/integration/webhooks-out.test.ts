import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { outboundWebhookDeliveries } from '../../services/platform/metrics.ts';
import { deleteRedisPrefix, startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { Receiver } from '../support/webhook-receiver.ts';

/** Issue 16: signed outbound webhooks (Standard Webhooks) from an outbox read in safe order. */
let t: TestApp;
let admin: Client;
const receiver = new Receiver();

beforeAll(async () => {
  await receiver.start();
  t = await startApp({ workers: true, env: { WEBHOOK_SWEEP_MS: '200', SCHEDULER_CHECK_MS: '300', WEBHOOK_FIRST_RETRY_MS: '200' } });
  admin = await signInAdmin(t.url);
}, 120_000);

afterAll(async () => {
  await t?.close();
  await receiver.close();
});

const email = (what: string) => `${what}-${randomUUID().slice(0, 6)}@example.com`;

async function endpointFor(client: Client, path: string, events?: string[]) {
  const res = await client.post('/api/me/webhook-endpoints', { url: `${receiver.url}${path}`, ...(events ? { events } : {}) });
  expect(res.status).toBe(201);
  return res.body as { id: string; url: string; events: string[]; secret: string };
}

const grant = (orgId: string, amount: number) => admin.post(`/api/admin/orgs/${orgId}/credits`, { amount, description: 'test grant' });
const spend = (client: Client, credits: number) => client.post('/api/usage', { credits, description: 'use', idempotencyKey: randomUUID() });

describe('outbound webhooks', () => {
  it('signs each delivery per Standard Webhooks; the secret is shown once; a bad URL or event type is refused', async () => {
    const { client, orgId } = await memberWithOrg(t, email('signed'));
    const ep = await endpointFor(client, '/signed');
    expect(ep.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(ep.events).toEqual(['credits.granted', 'credits.low', 'credits.depleted', 'credits.expired', 'hold.expired', 'plan.changed', 'auto_top_up.failed', 'board.action_items', 'budget.threshold']);
    const list = await client.get('/api/me/webhook-endpoints');
    expect(list.body).toEqual([{ id: ep.id, url: ep.url, events: ep.events, createdAt: expect.any(String) }]);
    expect((await client.post('/api/me/webhook-endpoints', { url: 'ftp://example.com' })).status).toBe(400);
    expect((await client.post('/api/me/webhook-endpoints', { url: `${receiver.url}/x`, events: ['credits.stolen'] })).status).toBe(400);

    expect((await grant(orgId, 100)).status).toBe(200);
    const [msg] = await waitFor('the grant to arrive', async () => receiver.verified('/signed', ep.secret).length === 1 && receiver.verified('/signed', ep.secret), 10_000);
    expect(msg).toMatchObject({ id: expect.stringMatching(/^msg_/), type: 'credits.granted', data: { organizationId: orgId, amount: 100, balance: 100 } });
    const raw = receiver.got.find((r) => r.path === '/signed')!;
    expect(raw.headers['webhook-id']).toBe(msg.id);
    expect(raw.headers['webhook-signature']).toMatch(/^v1,/);
    expect(() => new Webhook(`whsec_${Buffer.from('wrong secret of 24 bytes!').toString('base64')}`).verify(raw.body, raw.headers)).toThrow();
    const log = await waitFor('the delivery to be logged', async () => {
      const res = await client.get(`/api/me/webhook-endpoints/${ep.id}/deliveries`);
      return res.body[0]?.status === 'delivered' && res.body;
    }, 5000);
    expect(log[0]).toMatchObject({ messageId: msg.id, type: 'credits.granted', attempts: 1, attemptLog: [{ attempt: 1, statusCode: 200, error: null }] });
  });

  it('says credits.low once per crossing of the threshold and credits.depleted when nothing is left', async () => {
    const { client, orgId } = await memberWithOrg(t, email('low'));
    const ep = await endpointFor(client, '/low', ['credits.low', 'credits.depleted']);
    expect((await client.put('/api/me/alerts', { lowBalanceCredits: 50 })).body).toMatchObject({ lowBalanceCredits: 50, low: true });
    await grant(orgId, 100);
    await spend(client, 30); // 70
    await spend(client, 30); // 40: low
    await spend(client, 10); // 30: still low, said once
    expect((await client.get('/api/me/alerts')).body).toEqual({ lowBalanceCredits: 50, available: 30, low: true, depleted: false });
    await grant(orgId, 100); // 130: armed again
    await spend(client, 90); // 40: low again
    await spend(client, 40); // 0: depleted (and still low)
    const said = await waitFor('three messages', async () => {
      const got = receiver.verified('/low', ep.secret);
      return got.length >= 3 && got;
    }, 10_000);
    // Deliveries run in parallel: the order of arrival is not the order of the events (receivers order by `timestamp`).
    expect(said.map((m) => `${m.type} ${m.data.available}`).sort()).toEqual(['credits.depleted 0', 'credits.low 40', 'credits.low 40']);
    // Nothing more comes: every event is in the outbox and every delivery of this endpoint is done.
    await waitFor('the outbox to hold every event and deliver all of it', async () => {
      if (!(await projectionsCaughtUp(t.db))) return false;
      const res = await t.db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'pending')::int AS pending FROM webhook_deliveries WHERE endpoint_id = $1`, [ep.id]);
      return res.rows[0].pending === 0 && res.rows[0].n;
    });
    expect((await t.db.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [ep.id])).rows[0].n).toBe(3);
    expect(receiver.verified('/low', ep.secret)).toHaveLength(3);
    expect((await client.get('/api/me/alerts')).body).toMatchObject({ depleted: true });
    expect((await client.put('/api/me/alerts', { lowBalanceCredits: 0 })).status).toBe(400);
  });

  it('says credits.depleted when available reaches 0 with no threshold set (issue 23 item 4)', async () => {
    const { client, orgId } = await memberWithOrg(t, email('depleted'));
    const ep = await endpointFor(client, '/depleted', ['credits.low', 'credits.depleted']);
    expect((await client.get('/api/me/alerts')).body).toMatchObject({ lowBalanceCredits: null });
    await grant(orgId, 20);
    expect((await spend(client, 20)).status).toBe(200);
    const said = await waitFor('credits.depleted', async () => {
      const got = receiver.verified('/depleted', ep.secret);
      return got.length >= 1 && got;
    }, 10_000);
    expect(said.map((m) => `${m.type} ${m.data.available}`)).toEqual(['credits.depleted 0']);
  });

  it('retries a receiver that answers 500 twice, then delivers with three attempts logged, under one message id', async () => {
    const { client, orgId } = await memberWithOrg(t, email('retry'));
    const ep = await endpointFor(client, '/retry');
    receiver.plan = [500, 500];
    const counted = async (outcome: string) => (await outboundWebhookDeliveries.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    const before = { retry: await counted('retry'), delivered: await counted('delivered') };
    await grant(orgId, 10);
    const log = await waitFor('the third attempt to deliver', async () => {
      const res = await client.get(`/api/me/webhook-endpoints/${ep.id}/deliveries`);
      return res.body[0]?.status === 'delivered' && res.body;
    }, 40_000);
    expect(log[0].attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    const ids = receiver.got.filter((r) => r.path === '/retry').map((r) => r.headers['webhook-id']);
    expect(ids).toEqual([log[0].messageId, log[0].messageId, log[0].messageId]);
    expect(receiver.verified('/retry', ep.secret)).toHaveLength(3);
    // outbound_webhook_deliveries_total (the worker runs in this process): two retries, then delivered.
    expect((await counted('retry')) - before.retry).toBeGreaterThanOrEqual(2);
    expect((await counted('delivered')) - before.delivered).toBeGreaterThanOrEqual(1);

    // Resend delivers the same message again.
    expect((await client.post(`/api/me/webhook-endpoints/${ep.id}/deliveries/${log[0].messageId}/resend`)).status).toBe(200);
    await waitFor('the resent message', async () => receiver.got.filter((r) => r.path === '/retry').length === 4, 10_000);
    const other = await memberWithOrg(t, email('other'));
    expect((await other.client.get(`/api/me/webhook-endpoints/${ep.id}/deliveries`)).status).toBe(404);
    expect((await admin.get(`/api/admin/orgs/${orgId}/webhook-endpoints/${ep.id}/deliveries`)).body[0].messageId).toBe(log[0].messageId);
  });

  it('delivers every event after Redis was flushed while the receiver was failing', async () => {
    const { client, orgId } = await memberWithOrg(t, email('flush'));
    const ep = await endpointFor(client, '/flush', ['credits.granted']);
    receiver.plan = [503, 503, 503];
    for (const amount of [1, 2, 3]) await grant(orgId, amount);
    await waitFor('three failed attempts', async () => receiver.got.filter((r) => r.path === '/flush').length >= 3, 10_000);
    await deleteRedisPrefix(t.config.REDIS_PREFIX);
    const amounts = await waitFor('every grant delivered', async () => {
      const res = await client.get(`/api/me/webhook-endpoints/${ep.id}/deliveries`);
      return res.body.length === 3 && res.body.every((d: { status: string }) => d.status === 'delivered') && res.body;
    }, 40_000);
    expect(amounts).toHaveLength(3);
    const delivered = receiver.got.filter((r) => r.path === '/flush' && r.headers['webhook-id']);
    expect(new Set(delivered.map((r) => r.headers['webhook-id'])).size).toBe(3);
  });
});
