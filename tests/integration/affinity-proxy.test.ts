import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../../bin/compose.ts';
import { loadState } from '../../services/eventstore/command-handler.ts';
import { AFFINITY_COOKIE } from '../../services/http/plugins/affinity.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { haveNginx, startNginx } from '../support/nginx.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { freePort } from '../support/processes.ts';

/**
 * Issues 26 and 30: the shipped nginx configuration routes one organization to one API process (the
 * ab_org cookie the API sets, else the API key), spreads organizations over the processes, and sends a
 * request on when its process is gone.
 */
const available = haveNginx();
if (!available) console.warn('affinity-proxy.test: skipped, nginx is not installed (apt-get install nginx)');

let backends: Server[] = [];
let proxy: { stop(): Promise<void> } | undefined;
let proxyUrl: string;
let t: TestApp;
/** A second API process's worth (its own app, pool, per-organization queue and kept states) and the proxy in front of both. */
let second: FastifyInstance;
let realProxy: { stop(): Promise<void> } | undefined;
let realProxyUrl: string;

/** A stand-in API process that says which one it is. */
const backend = (name: string) =>
  new Promise<Server>((resolve) => {
    const server = createServer((_req, res) => res.end(name));
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

beforeAll(async () => {
  if (!available) return;
  backends = [await backend('api-1'), await backend('api-2')];
  const port = await freePort();
  proxy = await startNginx(port, {
    API_1: `127.0.0.1:${(backends[0].address() as AddressInfo).port}`,
    API_2: `127.0.0.1:${(backends[1].address() as AddressInfo).port}`,
    PROXY_PORT: String(port),
  });
  proxyUrl = `http://127.0.0.1:${port}`;
  t = await startApp();
  second = await buildApi(t.config);
  await second.listen({ port: 0, host: '127.0.0.1' });
  const realPort = await freePort();
  realProxy = await startNginx(realPort, {
    API_1: new URL(t.url).host,
    API_2: `127.0.0.1:${(second.server.address() as AddressInfo).port}`,
    PROXY_PORT: String(realPort),
  });
  realProxyUrl = `http://127.0.0.1:${realPort}`;
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  await realProxy?.stop();
  for (const b of backends) b.closeAllConnections(), b.close();
  await second?.close();
  await t?.close();
});

const servedBy = async (headers: Record<string, string>) => (await fetch(`${proxyUrl}/api/projects`, { headers })).text();

describe.skipIf(!available)('organization affinity', () => {
  it('sets the routing cookie naming the member’s organization, and only for a member with one', async () => {
    const { client, orgId } = await memberWithOrg(t, 'affinity@example.com');
    const res = await fetch(`${t.url}/api/projects`, { headers: { cookie: client.cookie.split(/;\s*/).filter((c) => !c.startsWith(`${AFFINITY_COOKIE}=`)).join('; ') } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().find((c) => c.startsWith(`${AFFINITY_COOKIE}=`))).toMatch(new RegExp(`^${AFFINITY_COOKIE}=${orgId};.*HttpOnly`));
    const anonymous = await fetch(`${t.url}/api/subscriptions/public`);
    expect(anonymous.headers.getSetCookie().some((c) => c.startsWith(`${AFFINITY_COOKIE}=`))).toBe(false);
  });

  it('sends every request of one organization (or one API key) to one process, and spreads organizations over both', async () => {
    const orgs = Array.from({ length: 24 }, () => randomUUID());
    const homes = new Map<string, string>();
    for (const org of orgs) {
      const answers = new Set(await Promise.all(Array.from({ length: 5 }, () => servedBy({ cookie: `${AFFINITY_COOKIE}=${org}` }))));
      expect(answers.size, org).toBe(1);
      homes.set(org, [...answers][0]);
    }
    expect(new Set(homes.values())).toEqual(new Set(['api-1', 'api-2']));
    const key = `Bearer ab_live_${randomUUID()}`;
    expect(new Set(await Promise.all(Array.from({ length: 5 }, () => servedBy({ authorization: key })))).size).toBe(1);
  });

  it('answers from the other process when an organization’s process is gone', async () => {
    const org = randomUUID();
    const home = await servedBy({ cookie: `${AFFINITY_COOKIE}=${org}` });
    const gone = backends[home === 'api-1' ? 0 : 1];
    gone.closeAllConnections();
    await new Promise((resolve) => gone.close(resolve));
    const res = await fetch(`${proxyUrl}/api/projects`, { headers: { cookie: `${AFFINITY_COOKIE}=${org}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(home === 'api-1' ? 'api-2' : 'api-1');
  });
});

/*
 * Issue 26 item 5: two API processes behind the shipped proxy (each keeps its own state of the
 * organizations it serves). With the routing cookie one organization's debits reach one process and
 * never clash; with routing cookies that spread them over both (nothing trusts the cookie), the
 * processes clash and are refused by the expected version: either way the organization is never
 * overdrawn and each debit is spent once.
 */
const commandsOf = () => [t.app.metrics.commands, second.metrics.commands];

/** `n` debits of one credit at once through the proxy, each with the routing cookie `route(i)` beside the session. */
async function debits(cookie: string, n: number, route: (i: number) => string) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await fetch(`${realProxyUrl}/api/usage`, {
        method: 'POST',
        headers: { cookie: `${cookie}; ${AFFINITY_COOKIE}=${route(i)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ credits: 1, description: 'proxied', idempotencyKey: randomUUID() }),
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
}

describe.skipIf(!available)('two API processes behind the proxy', () => {
  it('with the routing cookie, serve one organization from one process: exactly its credits are spent, none twice', async () => {
    const { client, orgId } = await memberWithOrg(t, 'proxied-one@example.com', 30);
    const before = commandsOf();
    const statuses = await debits(client.cookie, 60, () => orgId);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    const served = commandsOf().map((n, i) => n - before[i]);
    // Every debit was decided by one process (the other decided none of them).
    expect(served.sort((a, b) => a - b)).toEqual([0, 60]);
    expect((await loadState(t.app.store, orgDecider, orgStreamId(orgId))).balance).toBe(0);
  });

  it('with routing cookies that spread one organization over both processes, still never overdraws', async () => {
    const { client, orgId } = await memberWithOrg(t, 'proxied-two@example.com', 40);
    // Both processes know the organization before the race (their kept states are warm).
    const routes = Array.from({ length: 16 }, () => randomUUID());
    expect(await debits(client.cookie, 16, (i) => routes[i])).toEqual(Array(16).fill(200));
    const before = commandsOf();
    const statuses = await debits(client.cookie, 80, (i) => routes[i % routes.length]);
    const served = commandsOf().map((n, i) => n - before[i]);
    expect(served.every((n) => n > 0)).toBe(true);
    expect(statuses.filter((s) => s === 200)).toHaveLength(24);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 402)).toBe(true);
    const state = await loadState(t.app.store, orgDecider, orgStreamId(orgId));
    expect(state.balance).toBe(0);
  });

  it('passes a batch of 1,000 usage events through (a body nginx keeps in a file)', async () => {
    const { client, orgId } = await memberWithOrg(t, 'proxied-batch@example.com', 10);
    const events = Array.from({ length: 1000 }, (_, i) => ({ id: `batch-${i}-${randomUUID()}`, meter: 'api.call', quantity: 1 }));
    const res = await fetch(`${realProxyUrl}/api/usage/events`, {
      method: 'POST',
      headers: { cookie: `${client.cookie}; ${AFFINITY_COOKIE}=${orgId}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { results: { status: string; reason?: string }[] };
    expect(body.results).toHaveLength(1000);
    expect(new Set(body.results.map((r) => `${r.status} ${r.reason}`))).toEqual(new Set(['rejected no_rate_card']));
  });
});
