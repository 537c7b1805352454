import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_URL, startApp, type TestApp } from '../support/app.ts';
import type { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';

/**
 * Issue 13: nothing grows without bound. The worker runs with its intervals compressed fifty-fold
 * (a safety-net tick every 20 ms instead of every second), so that half a minute is some 25 minutes
 * of ticks, with debits beside them; the number of Redis keys under its prefix stays flat.
 */
let t: TestApp;
let member: Client;
const redis = new Redis(REDIS_URL);

beforeAll(async () => {
  t = await startApp({ env: { SAFETY_NET_MS: '20', STRIPE_SWEEP_MS: '20', SCHEDULER_CHECK_MS: '50', HEARTBEAT_MS: '50' } });
  member = (await memberWithOrg(t, 'growth@example.com', 100_000)).client;
}, 120_000);

afterAll(async () => {
  await t?.close();
  redis.disconnect();
});

async function keyCount(prefix: string): Promise<number> {
  let cursor = '0';
  let n = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    n += keys.length;
  } while (cursor !== '0');
  return n;
}

describe('Redis keys of a busy worker', () => {
  it('stay flat over some 1,500 safety-net and sweep ticks with debits beside them', { timeout: 120_000 }, async () => {
    const samples: number[] = [];
    const until = Date.now() + 30_000;
    let n = 0;
    while (Date.now() < until) {
      expect((await member.post('/api/usage', { credits: 1, description: `tick ${n++}`, idempotencyKey: randomUUID() })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 500));
      if (n % 10 === 0) samples.push(await keyCount(t.config.REDIS_PREFIX));
    }
    const completed = await t.app.queues.projector.getJobCounts('completed');
    expect(completed.completed).toBeLessThanOrEqual(100);
    // A few keys come and go with the jobs in flight at a given moment; a leak adds ~100 a second here.
    const first = samples[0];
    expect(Math.max(...samples.slice(1))).toBeLessThanOrEqual(first + 15);
    expect(samples.length).toBeGreaterThanOrEqual(5);
  });
});
