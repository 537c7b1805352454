import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadState } from '../../services/eventstore/command-handler.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { deleteRedisPrefix, REDIS_URL, startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { freePort, spawnApi, spawnWorker, waitFor, type Child } from '../support/processes.ts';
import { startProxy, type TcpProxy } from '../support/proxy.ts';
import { countEvents, createPlans, fixtureEvent, PACK_PLAN, postEvent, settled } from './stripe-support.ts';

/**
 * Issue 13: Redis cut, then flushed (what restarting the shipped compose Redis does), and a worker
 * killed in the middle of a webhook flood: every accepted Stripe event is applied exactly once,
 * within seconds of Redis (or a worker) being back; the processes never die.
 */
const secret = 'whsec_redis_faults_secret';
let t: TestApp;
let redis: TcpProxy;
let api: Child & { url: string };
let worker: Child;
let member: { client: Client; orgId: string };
const env = () => ({ REDIS_URL: redis.url(REDIS_URL), STRIPE_WEBHOOK_SECRET: secret, HEARTBEAT_STALE_MS: '3000' });

beforeAll(async () => {
  const target = new URL(REDIS_URL);
  redis = await startProxy(target.hostname, Number(target.port || 6379));
  t = await startApp({ workers: false, env: { STRIPE_WEBHOOK_SECRET: secret } });
  [worker, api] = await Promise.all([spawnWorker(t.config, env()), freePort().then((port) => spawnApi(t.config, port, 'bin/api.ts', env()))]);
  await createPlans(await signInAdmin(t.url), PACK_PLAN);
  const m = await memberWithOrg(t, 'redis-faults@example.com', 100);
  member = { client: Object.assign(new Client(api.url), { cookie: m.client.cookie }), orgId: m.orgId };
}, 300_000);

afterAll(async () => {
  await Promise.all([api, worker].map((c) => c?.kill('SIGKILL')));
  await redis?.close();
  await t?.close();
});

const packEvents = (n: number, tag: string) =>
  Array.from({ length: n }, () => fixtureEvent('checkout.session.completed.payment.json', member.orgId, `_${tag}${randomUUID().slice(0, 8)}`));
const balance = async () => (await loadState(t.app.store, orgDecider, orgStreamId(member.orgId))).balance;
const ready = async () => {
  const res = await fetch(`${api.url}/api/health/ready`);
  return { status: res.status, failing: ((await res.json()) as { failing: string[] }).failing };
};

describe('Redis faults', () => {
  it('keeps debiting and accepting Stripe events with Redis cut, then applies every one of them once Redis is back, flushed', async () => {
    const start = await balance();
    redis.set('cut');
    const events = packEvents(12, 'cut');
    try {
      const debit = await member.client.post('/api/usage', { credits: 1, description: 'redis down', idempotencyKey: randomUUID() });
      expect(debit.status).toBe(200);
      const answers = await Promise.all(events.map((e) => postEvent(api.url, e, secret)));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.failing).toContain('redis');
      // Redis restarts empty: every key of ours is gone (queues, job schedulers, heartbeats).
      await deleteRedisPrefix(t.config.REDIS_PREFIX);
    } finally {
      redis.set('pass');
    }
    expect(await settled(t, events.map((e) => e.id), 30_000)).toEqual(Object.fromEntries(events.map((e) => [e.id, 'processed'])));
    expect(await balance()).toBe(start - 1 + 12 * PACK_PLAN.one_time_credits);
    expect(await countEvents(t, orgStreamId(member.orgId), 'CreditsGranted')).toBe(1 + 12);
    // The worker checks its schedulers every SCHEDULER_CHECK_MS and registers a lost one again: the events
    // can be settled (by the sweep, registered again first) before its check reaches the next one.
    for (const [queue, id] of [['projector', 'safety-net'], ['stripe-webhooks', 'stripe-sweep']] as const) {
      await waitFor(`the ${id} job scheduler to be registered again`, async () => Boolean(await t.app.queues[queue].getJobScheduler(id)));
      expect(await t.app.queues[queue].getJobScheduler(id), id).toBeTruthy();
    }
    await waitFor('readiness to come back', async () => (await ready()).status === 200);
    await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
    expect(api.process.exitCode).toBeNull();
    expect(worker.process.exitCode).toBeNull();
  });

  it('applies every event of a flood exactly once when the worker is killed (SIGKILL) in the middle and started again at once', { timeout: 300_000 }, async () => {
    const start = await balance();
    const grantsBefore = await countEvents(t, orgStreamId(member.orgId), 'CreditsGranted');
    const events = packEvents(80, 'kill');
    const sending = Promise.all(events.map((e) => postEvent(api.url, e, secret)));
    await waitFor('some events to be applied', async () => (await countEvents(t, orgStreamId(member.orgId), 'CreditsGranted')) > grantsBefore + 5);
    await worker.kill('SIGKILL');
    worker = await spawnWorker(t.config, env());
    expect((await sending).map((a) => a.status)).toEqual(Array(80).fill(200));
    expect(await settled(t, events.map((e) => e.id), 30_000)).toEqual(Object.fromEntries(events.map((e) => [e.id, 'processed'])));
    expect(await countEvents(t, orgStreamId(member.orgId), 'CreditsGranted')).toBe(grantsBefore + 80);
    expect(await balance()).toBe(start + 80 * PACK_PLAN.one_time_credits);
    await waitFor('the read models to catch up after the kill', () => projectionsCaughtUp(t.db), 30_000);
    const [row] = (await t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [member.orgId])).rows;
    expect(row.b).toBe(await balance());
  });
});
