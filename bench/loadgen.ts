// The load generator, run as a process of its own (never inside the product or the orchestrator):
// autocannon against one URL; each request may take the next cookie and a fresh uuid in its body.
// Prints one JSON line: requests/s of 2xx, latency percentiles, errors, and its own CPU.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadSpec {
  url: string;
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent in turn, one per request. */
  cookies?: string[];
  /** `{uuid}` is replaced by a fresh uuid in each request. */
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  errors: number;
  /** Cores the load generator itself used. */
  cpu: number;
}

const spec = JSON.parse(process.argv[2]) as LoadSpec;
const cpuStart = process.cpuUsage();
const started = Date.now();
let i = 0;
const instance = autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  requests: [
    {
      setupRequest: (req) => {
        const cookie = spec.cookies?.length ? { cookie: spec.cookies[i++ % spec.cookies.length] } : {};
        const headers = { ...req.headers, ...spec.headers, ...cookie, ...(spec.body ? { 'content-type': 'application/json' } : {}) };
        return { ...req, method: spec.method ?? 'GET', headers, body: spec.body?.replaceAll('{uuid}', randomUUID()) };
      },
    },
  ],
});
const res = await instance;
const cpu = process.cpuUsage(cpuStart);
const seconds = (Date.now() - started) / 1000;
const result: LoadResult = {
  rps: res['2xx'] / spec.seconds,
  p50: res.latency.p50,
  p99: res.latency.p99,
  ok: res['2xx'],
  errors: res.non2xx + res.errors + res.timeouts,
  cpu: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100,
};
process.stdout.write(`${JSON.stringify(result)}\n`);
