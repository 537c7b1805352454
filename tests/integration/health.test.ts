import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../workers/main.ts';
import { REDIS_URL, startApp, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';
import { startProxy, type TcpProxy } from '../support/proxy.ts';

/** Issues 13 and 18: health that tells the truth, and recovers by itself. */
let t: TestApp;
let redis: TcpProxy;

beforeAll(async () => {
  const target = new URL(REDIS_URL);
  redis = await startProxy(target.hostname, Number(target.port || 6379));
  t = await startApp({ env: { REDIS_URL: redis.url(REDIS_URL), HEARTBEAT_MS: '200', HEARTBEAT_STALE_MS: '3000' } });
}, 120_000);

afterAll(async () => {
  await t?.close();
  await redis?.close();
});

type Ready = { ok: boolean; failing: string[]; checks: Record<string, { ok: boolean; detail?: string }> };
const ready = async () => {
  const res = await fetch(`${t.url}/api/health/ready`);
  return { status: res.status, body: (await res.json()) as Ready };
};

describe('GET /api/health/ready', () => {
  it('is 200 when Postgres, Redis, the migrations and a worker are all there', async () => {
    const answer = await waitFor('readiness', async () => {
      const r = await ready();
      return r.status === 200 ? r : null;
    });
    expect(answer.body).toEqual({
      ok: true,
      failing: [],
      checks: { postgres: { ok: true }, redis: { ok: true }, migrations: { ok: true }, worker: { ok: true } },
    });
    expect((await fetch(`${t.url}/api/health/live`)).status).toBe(200);
  });

  it('says 503 naming Redis while Redis is unreachable, stays live, and recovers without a restart', async () => {
    redis.set('cut');
    try {
      const down = await ready();
      expect(down.status).toBe(503);
      expect(down.body.failing).toContain('redis');
      expect(down.body.failing).not.toContain('postgres');
      expect(down.body.checks.redis.detail).toBeTruthy();
      expect((await fetch(`${t.url}/api/health/live`)).status).toBe(200);
    } finally {
      redis.set('pass');
    }
    const back = await waitFor('readiness to come back', async () => {
      const r = await ready();
      return r.status === 200 ? r : null;
    });
    expect(back.body.failing).toEqual([]);
  });

  it('says 503 naming the worker when no worker beats, and 200 again when one starts', async () => {
    await t.workers!.close();
    const none = await ready();
    expect(none.status).toBe(503);
    expect(none.body.failing).toEqual(['worker']);
    const again = await startWorkers(t.config);
    try {
      await waitFor('a heartbeat', async () => (await ready()).status === 200);
    } finally {
      await again.close();
    }
  });

  it('says 503 naming the migrations when the database lacks one of this code\'s', async () => {
    const last = (await t.db.query(`SELECT name, run_on FROM pgmigrations ORDER BY id DESC LIMIT 1`)).rows[0];
    await t.db.query(`DELETE FROM pgmigrations WHERE name = $1`, [last.name]);
    try {
      const answer = await ready();
      expect(answer.status).toBe(503);
      expect(answer.body.failing).toContain('migrations');
      expect(answer.body.checks.migrations.detail).toContain(last.name);
    } finally {
      await t.db.query(`INSERT INTO pgmigrations (name, run_on) VALUES ($1, $2)`, [last.name, last.run_on]);
    }
  });
});
