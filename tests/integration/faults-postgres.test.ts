import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadState } from '../../services/eventstore/command-handler.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { Client } from '../support/http.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { freePort, spawnApi, spawnWorker, waitFor, type Child } from '../support/processes.ts';
import { startProxy, type TcpProxy } from '../support/proxy.ts';

/**
 * Issue 13: an API process and a worker process whose Postgres connections are terminated or
 * stalled (a proxy of our own in front of the shared server): they answer 503 with Retry-After,
 * never 500, never hang, never die, and the read models come back to the stream by themselves.
 */
let t: TestApp;
let pg: TcpProxy;
let api: Child & { url: string };
let worker: Child;
const members: { client: Client; orgId: string }[] = [];
const CREDITS = 10_000;

beforeAll(async () => {
  t = await startApp({ workers: false });
  pg = await startProxy('127.0.0.1', Number(new URL(t.config.DATABASE_URL).port || 5432));
  const env = { DATABASE_URL: pg.url(t.config.DATABASE_URL), DB_STATEMENT_TIMEOUT_MS: '2000', DB_CONNECT_TIMEOUT_MS: '2000' };
  [worker, api] = await Promise.all([spawnWorker(t.config, env), freePort().then((port) => spawnApi(t.config, port, 'bin/api.ts', env))]);
  for (const i of [0, 1, 2]) {
    const m = await memberWithOrg(t, `fault${i}@example.com`, CREDITS);
    members.push({ client: Object.assign(new Client(api.url), { cookie: m.client.cookie }), orgId: m.orgId });
  }
}, 300_000);

afterAll(async () => {
  await Promise.all([api, worker].map((c) => c?.kill('SIGKILL')));
  await pg?.close();
  await t?.close();
});

/** A query of the test's own that rides out its own connections being terminated too. */
const query = (text: string, values: unknown[] = []) => waitFor(text, async () => (await t.db.query(text, values)).rows);

/** An org's balance from its stream (read again if the test's own connection was just terminated). */
const balanceOf = async (orgId: string) =>
  (await waitFor('a balance', async () => ({ balance: (await loadState(t.app.store, orgDecider, orgStreamId(orgId))).balance }))).balance;

/** Debits like a client that retries a 503 with the same idempotency key; answers every status seen. */
async function debitUntilDone(client: Client, key: string, seen: { status: number; retryAfter: string | null }[]) {
  for (;;) {
    const res = await client.request('POST', '/api/usage', { credits: 1, description: key, idempotencyKey: key }, {}).catch(() => ({ status: 0, headers: new Headers(), body: null }));
    seen.push({ status: res.status, retryAfter: res.headers.get('retry-after') });
    if (res.status !== 503 && res.status !== 0) return res.status;
    await new Promise((r) => setTimeout(r, 100)); // the client's pause before it tries again
  }
}

/** Every read model has applied every event, and the org read models agree with the streams. */
async function converged() {
  await waitFor('every read model to catch up with the log', () => projectionsCaughtUp(t.db), 60_000);
  for (const { orgId } of members) {
    const [row] = await query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]);
    expect(row.b).toBe(await balanceOf(orgId));
    const [usage] = await query(`SELECT count(*)::int AS n FROM credit_transactions WHERE org_id = $1 AND type = 'usage'`, [orgId]);
    const [debits] = await query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsDebited'`, [orgStreamId(orgId)]);
    expect(usage.n).toBe(debits.n);
  }
}

describe('Postgres faults', () => {
  it('survives its backends terminated four times under load: 200 or 503 with Retry-After, never 500, no debit lost or doubled', async () => {
    const seen: { status: number; retryAfter: string | null }[] = [];
    const before = await Promise.all(members.map((m) => balanceOf(m.orgId)));
    const perMember = 40;
    let loading = true;
    const load = Promise.all(
      members.map(async (m, i) => {
        for (let j = 0; j < perMember; j++) expect(await debitUntilDone(m.client, `kill-${i}-${j}`, seen)).toBe(200);
      }),
    ).finally(() => (loading = false));
    for (let round = 0; round < 4; round++) {
      // Some answers between two terminations, however slowly they come.
      const answered = seen.length;
      await waitFor('answers between terminations', async () => seen.length >= answered + 8 || !loading, 60_000);
      await t.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`).catch(() => null);
    }
    await load;
    expect(api.process.exitCode).toBeNull();
    expect(worker.process.exitCode).toBeNull();
    expect(seen.filter((s) => ![200, 503].includes(s.status))).toEqual([]);
    expect(seen.filter((s) => s.status === 503 && s.retryAfter === null)).toEqual([]);
    for (const [i, m] of members.entries()) {
      expect(await balanceOf(m.orgId)).toBe(before[i] - perMember);
    }
    await converged();
  });

  it('answers 503 within seconds while Postgres is stalled (not after the stall), and recovers by itself once it answers again', async () => {
    pg.set('stall');
    let answers: { status: number; retryAfter: string | null }[];
    let ready: { status: number; failing: string[] };
    try {
      answers = await Promise.all(
        members.map(async (m) => {
          const res = await fetch(`${api.url}/api/usage`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: m.client.cookie },
            body: JSON.stringify({ credits: 1, description: 'during the stall', idempotencyKey: randomUUID() }),
            signal: AbortSignal.timeout(20_000),
          });
          return { status: res.status, retryAfter: res.headers.get('retry-after') };
        }),
      );
      const r = await fetch(`${api.url}/api/health/ready`, { signal: AbortSignal.timeout(10_000) });
      ready = { status: r.status, failing: ((await r.json()) as { failing: string[] }).failing };
    } finally {
      pg.set('pass');
    }
    expect(answers.map((a) => a.status)).toEqual([503, 503, 503]);
    expect(answers.every((a) => a.retryAfter !== null)).toBe(true);
    expect(ready.status).toBe(503);
    expect(ready.failing).toContain('postgres');

    await waitFor('debits to work again', async () => (await members[0].client.post('/api/usage', { credits: 1, description: 'after', idempotencyKey: randomUUID() })).status === 200, 30_000);
    expect(api.process.exitCode).toBeNull();
    expect(worker.process.exitCode).toBeNull();
    await converged();
  });
});
