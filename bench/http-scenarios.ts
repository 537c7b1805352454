// The product's HTTP scenarios and their HTTP references, all driven by the load generator in a process
// of its own (bench/loadgen.ts), with the CPU of each process and the API's statements per request.
import type { Client } from '../tests/support/http.ts';
import { runJson } from './children.ts';
import { CpuMeter } from './cpu.ts';
import { coreMs } from './machine.ts';
import { progress, result, type ScenarioResult } from './lib.ts';
import type { LoadResult, LoadSpec } from './loadgen.ts';
import type { Reference } from './pgbench.ts';

export interface Product {
  /** The first API process; `urls` holds every one (BENCH_API_PROCESSES), the load is split among them. */
  url: string;
  urls: string[];
  apiPids: () => number[];
  workerPids: () => number[];
  /** The front proxy's processes, when the load goes through it (bench/proxy.ts). */
  proxyPids?: () => number[];
  /** An admin session on each API process, to read its counters. */
  admins: Client[];
}

/** The API processes' counters, summed. */
export async function counters(product: Product): Promise<{ statements: number; retries: number; commands: number }> {
  const all = await Promise.all(product.admins.map(async (a) => (await a.get('/api/admin/metrics')).body));
  return all.reduce((sum, c) => ({ statements: sum.statements + c.statements, retries: sum.retries + c.retries, commands: sum.commands + c.commands }), { statements: 0, retries: 0, commands: 0 });
}

export interface Measured extends LoadResult {
  cpu: number;
  cores: Record<string, number>;
  statementsPerRequest: number;
  retriesPerCommand: number;
}

/** One load run against the product, with what each process spent on it. */
export async function measure(product: Product, spec: LoadSpec, onTick?: (text: string) => void): Promise<Measured> {
  const before = await counters(product);
  const meter = new CpuMeter({ api: product.apiPids, worker: product.workerPids, ...(product.proxyPids ? { proxy: product.proxyPids } : {}) }, ['api', 'worker']).start();
  const ticker = setInterval(() => onTick?.('running'), 1000);
  const r = await runJson<LoadResult>('bench/loadgen.ts', spec).finally(() => clearInterval(ticker));
  const cores = { ...meter.stop(), load: r.cpu };
  const after = await counters(product);
  const requests = Math.max(1, r.ok + r.errors);
  const commands = Math.max(1, after.commands - before.commands);
  return { ...r, cores, statementsPerRequest: (after.statements - before.statements) / requests, retriesPerCommand: (after.retries - before.retries) / commands };
}

/** An HTTP reference (a bare Fastify route) measured `repeats` times by the same load generator. */
export async function httpReference(name: string, url: string, seconds: number, repeats = 2): Promise<Reference> {
  const line = progress(`reference: ${name}`);
  const core = coreMs();
  const runs: number[] = [];
  for (let i = 0; i < repeats; i++) runs.push(await httpReferenceOnce(url, seconds));
  const figure = runs.reduce((a, b) => a + b, 0) / runs.length;
  const spread = figure > 0 ? (Math.max(...runs) - Math.min(...runs)) / figure : 0;
  line.done(`${Math.round(figure)} req/s ±${Math.round(spread * 100)}%`);
  return { name, figure, unit: 'req/s', runs, spread, coreMs: core };
}

/** One run of an HTTP reference's load (requests/s): the load generator's process, 50 connections. */
export async function httpReferenceOnce(url: string, seconds: number): Promise<number> {
  return (await runJson<LoadResult>('bench/loadgen.ts', { url, seconds, connections: 50 } satisfies LoadSpec)).rps;
}

const usageBody = JSON.stringify({ credits: 1, description: 'bench', idempotencyKey: '{uuid}' });

/**
 * One debit per member, 50 at a time, before the timed run: each organization's state is then kept
 * by the API process, as it is for an organization that is in use (the timed run of 1,000
 * organizations is otherwise two debits each, nearly all of them loading a cold stream).
 */
export async function warmUp(product: Product, cookies: string[]): Promise<void> {
  const line = progress(`warm-up: one debit in each of ${cookies.length} organizations`);
  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < cookies.length) {
        const cookie = cookies[next++];
        await fetch(`${product.url}/api/usage`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ credits: 1, description: 'warm-up', idempotencyKey: crypto.randomUUID() }),
        }).then((r) => r.arrayBuffer());
      }
    }),
  );
  line.done('done');
}

const debitLoad = (product: Product, cookies: string[], seconds: number): LoadSpec => ({ url: `${product.url}/api/usage`, urls: product.urls.map((u) => `${u}/api/usage`), seconds, connections: 50, method: 'POST', body: usageBody, cookies });

/**
 * The scenario's own load for `seconds`, not measured: a process started just before (the second API
 * process) runs it until V8 has compiled its hot code, as the processes that served the earlier
 * scenarios have. Without it, the second process spent its first seconds in the compiler's threads
 * and in unoptimized code (perf, 2026-11-30).
 */
export async function steadyState(product: Product, cookies: string[], seconds: number): Promise<void> {
  const line = progress(`warm-up: ${seconds} s of debits over ${cookies.length} organizations`);
  await runJson<LoadResult>('bench/loadgen.ts', debitLoad(product, cookies, seconds));
  line.done('done');
}

export async function debitScenario(product: Product, name: string, cookies: string[], seconds: number, reference: Reference | null, target: { min: number; text: string }, extra: () => Promise<Record<string, number>> = async () => ({})): Promise<ScenarioResult> {
  const line = progress(name);
  const r = await measure(product, debitLoad(product, cookies, seconds), (t) => line.update(t));
  const details = { p50: r.p50, p99: r.p99, errors: r.errors, retriesPerDebit: r.retriesPerCommand, ...(await extra()) };
  line.done(`${Math.round(r.rps)} debits/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.statementsPerRequest.toFixed(1)} statements/debit`);
  return result(name, r.rps, 'debits/s', reference, target, details, { cpu: r.cores, statementsPerRequest: r.statementsPerRequest });
}

export async function readScenario(product: Product, path: string, cookie: string, seconds: number, reference: Reference | null, target: { min: number; text: string }): Promise<ScenarioResult> {
  const name = `reads: GET ${path}`;
  const line = progress(name);
  const r = await measure(product, { url: `${product.url}${path}`, urls: product.urls.map((u) => `${u}${path}`), seconds, connections: 50, cookies: [cookie] }, (t) => line.update(t));
  line.done(`${Math.round(r.rps)} req/s, p99 ${r.p99} ms, ${r.statementsPerRequest.toFixed(1)} statements/request`);
  return result(name, r.rps, 'req/s', reference, target, { p50: r.p50, p99: r.p99, errors: r.errors }, { cpu: r.cores, statementsPerRequest: r.statementsPerRequest });
}
