// The shipped front proxy (deploy/nginx, organization affinity) in front of the bench's API processes:
// BENCH_API_PROCESSES=2 sends every scenario's load through it, and the full run's two-process scenario
// measures what a second process behind it costs or gains.
import { AFFINITY_COOKIE } from '../services/http/plugins/affinity.ts';
import { Client } from '../tests/support/http.ts';
import { startNginx } from '../tests/support/nginx.ts';
import { freePort } from '../tests/support/processes.ts';
import { pidsNamed } from './cpu.ts';
import { debitScenario, steadyState, warmUp, type Product } from './http-scenarios.ts';
import type { ScenarioResult } from './lib.ts';
import { parentOf } from './machine.ts';
import type { Member } from './setup.ts';

export interface Proxy {
  url: string;
  /** nginx's master and worker processes (their CPU is the proxy's column). */
  pids(): number[];
  stop(): Promise<void>;
}

/** nginx from Debian with the shipped configuration, hashing on the routing cookie over two API processes. */
export async function startProxy(apiUrls: string[]): Promise<Proxy> {
  if (apiUrls.length !== 2) throw new Error(`the shipped proxy configuration has two API upstreams, not ${apiUrls.length}`);
  const port = await freePort();
  const nginx = await startNginx(port, { API_1: new URL(apiUrls[0]).host, API_2: new URL(apiUrls[1]).host, PROXY_PORT: String(port) });
  return {
    url: `http://127.0.0.1:${port}`,
    pids: () => pidsNamed('nginx').filter((pid) => pid === nginx.pid || parentOf(pid) === nginx.pid),
    stop: () => nginx.stop(),
  };
}

/** A member's cookies as a browser sends them after its first answer: the session and the routing cookie the API set. */
export const withAffinity = (member: Member): string => `${member.cookie}; ${AFFINITY_COOKIE}=${member.orgId}`;

/**
 * Debits on every organization through the proxy over the run's API process and a second one, against
 * the same scenario on one process in this run: affinity keeps each organization on one process, so
 * clashes (retries per debit) stay rare and the second process costs nothing on two cores.
 */
export async function twoProcessScenario(product: Product, spawnSecond: () => Promise<{ url: string; pid: () => number; kill: () => Promise<unknown> }>, members: Member[], seconds: number, oneProcess: ScenarioResult): Promise<ScenarioResult> {
  const second = await spawnSecond();
  const proxy = await startProxy([product.url, second.url]);
  try {
    const behind: Product = { ...product, url: proxy.url, urls: [proxy.url], apiPids: () => [...product.apiPids(), second.pid()], proxyPids: () => proxy.pids(), admins: [...product.admins, Object.assign(new Client(second.url), { cookie: product.admins[0].cookie })] };
    const cookies = members.map(withAffinity);
    await warmUp(behind, cookies);
    await steadyState(behind, cookies, seconds);
    const reference = { name: 'the same debits on one API process, this run', figure: oneProcess.figure, unit: oneProcess.unit, runs: [oneProcess.figure], spread: oneProcess.reference?.spread ?? 0 };
    const r = await debitScenario(behind, `credit debit, ${members.length} orgs, 2 API processes behind the proxy`, cookies, seconds, reference, { min: 0.9, text: '≥ 0.9 of one process, ≤ 0.01 retries/debit' });
    const retries = r.details?.retriesPerDebit ?? 0;
    return { ...r, met: r.met === true && retries <= 0.01 };
  } finally {
    await proxy.stop();
    await second.kill();
  }
}
