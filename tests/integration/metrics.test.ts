import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers, type RunningWorkers } from '../../workers/main.ts';
import { startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { has, scrape, valueOf, type Sample } from '../support/metrics.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { waitFor } from '../support/processes.ts';
import { createPlans, fixtureEvent, PACK_PLAN, postEvent, settled } from './stripe-support.ts';

/** Issue 18: GET /metrics in the Prometheus format, each family moving when its event happens. */
const TOKEN = 'metrics-token-for-this-test';
const secret = 'whsec_metrics_test_secret';
let t: TestApp;
let workers: RunningWorkers | null = null;
let member: { client: Client; orgId: string };

const startTheWorkers = async () => {
  workers = await startWorkers({ ...t.config, METRICS_PORT: 0, HOST: '127.0.0.1' });
};

beforeAll(async () => {
  t = await startApp({ workers: false, env: { METRICS_TOKEN: TOKEN, STRIPE_WEBHOOK_SECRET: secret } });
  await startTheWorkers();
  await createPlans(await signInAdmin(t.url), PACK_PLAN);
  member = await memberWithOrg(t, 'metrics@example.com', 3);
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await t?.close();
});

const metrics = () => scrape(t.url, TOKEN);
/**
 * A response's status, its body read to the end. A body left unread (a 260 kB script) keeps its response
 * unfinished on the server, and closing the app then waits for the socket's timeout: 56 s of this file's
 * 60 s in the full suite, where the machine's socket buffers were too small to take the whole script.
 */
const statusOf = async (url: string, init?: RequestInit) => {
  const res = await fetch(url, init);
  await res.arrayBuffer();
  return res.status;
};
const delta = (before: Sample[], after: Sample[], name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

describe('GET /metrics', () => {
  it('is refused without the token (401) and answers Prometheus text with it', async () => {
    expect(await statusOf(`${t.url}/metrics`)).toBe(401);
    expect(await statusOf(`${t.url}/metrics`, { headers: { authorization: 'Bearer not-the-token-at-all' } })).toBe(401);
    const res = await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    for (const family of [
      'http_request_duration_seconds', 'credits_debits_total', 'credits_debit_duration_seconds', 'credits_holds_open',
      'stripe_webhook_events_total', 'stripe_webhook_apply_seconds', 'projection_lag_events', 'projection_lag_seconds',
      'projection_status', 'eventstore_appends_total', 'eventstore_append_duration_seconds', 'eventstore_oldest_open_transaction_seconds',
      'bullmq_queue_jobs', 'outbound_webhook_deliveries_total', 'process_resident_memory_bytes', 'nodejs_eventloop_lag_seconds', 'nodejs_gc_duration_seconds',
    ]) {
      expect(text, family).toContain(`# HELP ${family} `);
    }
  });

  it('labels routes by pattern and every static file as one label (issue 23 item 19)', async () => {
    const html = await (await fetch(`${t.url}/`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(await statusOf(`${t.url}${asset}`)).toBe(200);
    const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(text).not.toContain('route="/assets/');
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="static"/);
  });

  it('counts a debit, a 402 and a refused API-key call by outcome and way in, with their durations, requests and appends', async () => {
    const before = await metrics();
    expect((await member.client.post('/api/usage', { credits: 2, description: 'ok', idempotencyKey: randomUUID() })).status).toBe(200);
    expect((await member.client.post('/api/usage', { credits: 2, description: 'too much', idempotencyKey: randomUUID() })).status).toBe(402);
    expect(await statusOf(`${t.url}/api/usage`, { method: 'POST', headers: { authorization: 'Bearer ak_not_a_key', 'content-type': 'application/json' }, body: '{}' })).toBe(401);
    const after = await metrics();
    expect(delta(before, after, 'credits_debits_total', { outcome: 'ok', via: 'session' })).toBe(1);
    expect(delta(before, after, 'credits_debits_total', { outcome: 'insufficient', via: 'session' })).toBe(1);
    expect(delta(before, after, 'credits_debits_total', { outcome: 'error', via: 'api_key' })).toBe(1);
    expect(delta(before, after, 'credits_debit_duration_seconds_count')).toBe(3);
    expect(delta(before, after, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/usage', status_class: '2xx' })).toBe(1);
    expect(delta(before, after, 'http_request_duration_seconds_count', { method: 'POST', route: '/api/usage', status_class: '4xx' })).toBe(2);
    expect(delta(before, after, 'eventstore_appends_total')).toBeGreaterThanOrEqual(1);
    expect(delta(before, after, 'eventstore_append_duration_seconds_count')).toBeGreaterThanOrEqual(1);
  });

  it('counts open holds once the lots read model has them, and none after their release', async () => {
    await grantCredits(t, member.orgId, 4);
    const placed = await member.client.post('/api/usage/holds', { credits: 3, description: 'gauge', idempotencyKey: randomUUID() });
    expect(placed.status).toBe(201);
    await waitFor('the open hold in the gauge', async () => valueOf(await metrics(), 'credits_holds_open') === 1);
    expect((await member.client.post(`/api/usage/holds/${placed.body.holdId}/release`, {})).status).toBe(200);
    await waitFor('no open hold in the gauge', async () => valueOf(await metrics(), 'credits_holds_open') === 0);
  });

  it('counts Stripe events processed, failed (an unknown plan) and redelivered, and the time from received to applied', async () => {
    const before = await metrics();
    const paid = fixtureEvent('checkout.session.completed.payment.json', member.orgId, `_m${randomUUID().slice(0, 6)}`);
    const unknownPlan = fixtureEvent('checkout.session.completed.subscription.json', member.orgId, `_m${randomUUID().slice(0, 6)}`);
    expect((await postEvent(t.url, paid, secret)).status).toBe(200);
    expect((await postEvent(t.url, unknownPlan, secret)).status).toBe(200);
    expect((await postEvent(t.url, paid, secret)).body.duplicate).toBe(true);
    expect(await settled(t, [paid.id, unknownPlan.id])).toEqual({ [paid.id]: 'processed', [unknownPlan.id]: 'failed' });
    const after = await metrics();
    expect(delta(before, after, 'stripe_webhook_events_total', { type: 'checkout.session.completed', outcome: 'processed' })).toBe(1);
    expect(delta(before, after, 'stripe_webhook_events_total', { type: 'checkout.session.completed', outcome: 'failed' })).toBe(1);
    expect(delta(before, after, 'stripe_webhook_events_total', { type: 'checkout.session.completed', outcome: 'duplicate' })).toBe(1);
    expect(delta(before, after, 'stripe_webhook_apply_seconds_count')).toBe(1);
  });

  it('shows a read model behind (lag in events and seconds) and the safety-net job queued while no worker runs, then caught up', async () => {
    await workers!.close();
    workers = null;
    // The grant is appended at once; its answer then waits (5 s at most) for read models that no worker
    // builds now: the lag is read meanwhile, and the answer comes once the workers are back.
    const granted = grantCredits(t, member.orgId, 5);
    granted.catch(() => {}); // awaited below; a failure is reported there
    const behind = await waitFor('the ledger to be a second behind', async () => {
      const now = await metrics();
      return valueOf(now, 'projection_lag_seconds', { projection: 'ledger' }) >= 1 && now;
    });
    expect(valueOf(behind, 'projection_lag_events', { projection: 'ledger' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(behind, 'projection_status', { projection: 'ledger', status: 'live' })).toBe(1);
    expect(valueOf(behind, 'projection_status', { projection: 'ledger', status: 'failed' })).toBe(0);
    // Appends wake the workers through NOTIFY, not jobs: what waits in the queue is the safety net's next run.
    const queued = valueOf(behind, 'bullmq_queue_jobs', { queue: 'projector', state: 'waiting' }) + valueOf(behind, 'bullmq_queue_jobs', { queue: 'projector', state: 'delayed' });
    expect(queued).toBeGreaterThanOrEqual(1);
    await startTheWorkers();
    await granted;
    await waitFor('the ledger to catch up', async () => valueOf(await metrics(), 'projection_lag_events', { projection: 'ledger' }) === 0);
  });

  it('shows the oldest open transaction, which holds every read model back', async () => {
    const client = new pg.Client({ connectionString: t.config.DATABASE_URL });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      await waitFor('a transaction a second old', async () => valueOf(await metrics(), 'eventstore_oldest_open_transaction_seconds') >= 1);
    } finally {
      await client.query('ROLLBACK');
      await client.end();
    }
  });

  it('is served by a worker process on METRICS_PORT too, behind the same token, with its process metrics', async () => {
    const url = `http://127.0.0.1:${workers!.metricsPort}`;
    expect(await statusOf(`${url}/metrics`)).toBe(401);
    const samples = await scrape(url, TOKEN);
    expect(has(samples, 'process_resident_memory_bytes')).toBe(true);
    expect(valueOf(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(await statusOf(`${url}/health/live`)).toBe(200);
  });
});
