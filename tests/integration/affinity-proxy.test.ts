import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AFFINITY_COOKIE } from '../../services/http/plugins/affinity.ts';
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
}, 120_000);

afterAll(async () => {
  await proxy?.stop();
  for (const b of backends) b.closeAllConnections(), b.close();
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
