// The load generator, run as a process of its own (never inside the product or the orchestrator):
// autocannon against one URL, or one instance per URL with the connections split among them (one
// per API process); each request may take the next cookie and a fresh uuid in its body.
// Answers (writeResult) requests/s of 2xx, latency percentiles, errors, and its own CPU.
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { readSpec, writeResult } from './children.ts';

export interface LoadSpec {
  url: string;
  /** When given, the load is split among these (same path on each API process) instead of `url`. */
  urls?: string[];
  seconds: number;
  connections: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent in turn, one per request. */
  cookies?: string[];
  /** Each `{uuid}` is replaced by a fresh uuid in each request (each occurrence its own). */
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

const spec = readSpec<LoadSpec>();
const cpuStart = process.cpuUsage();
const started = Date.now();
let i = 0;
const urls = spec.urls?.length ? spec.urls : [spec.url];
const runs = await Promise.all(
  urls.map((url, n) =>
    autocannon({
      url,
      // The connections split as evenly as they go (50 over 2: 25 each).
      connections: Math.floor(spec.connections / urls.length) + (n < spec.connections % urls.length ? 1 : 0),
      duration: spec.seconds,
      requests: [
        {
          setupRequest: (req) => {
            const cookie = spec.cookies?.length ? { cookie: spec.cookies[i++ % spec.cookies.length] } : {};
            const headers = { ...req.headers, ...spec.headers, ...cookie, ...(spec.body ? { 'content-type': 'application/json' } : {}) };
            return { ...req, method: spec.method ?? 'GET', headers, body: spec.body?.replace(/\{uuid\}/g, () => randomUUID()) };
          },
        },
      ],
    }),
  ),
);
const cpu = process.cpuUsage(cpuStart);
const seconds = (Date.now() - started) / 1000;
const ok = runs.reduce((n, r) => n + r['2xx'], 0);
// Split over several instances, p50 is their average weighted by requests and p99 the worst of them.
const result: LoadResult = {
  rps: ok / spec.seconds,
  p50: Math.round(runs.reduce((n, r) => n + r.latency.p50 * r['2xx'], 0) / Math.max(1, ok)),
  p99: Math.max(...runs.map((r) => r.latency.p99)),
  ok,
  errors: runs.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
  cpu: Math.round(((cpu.user + cpu.system) / 1e6 / seconds) * 100) / 100,
};
writeResult(result);
