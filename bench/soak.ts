// `npm run bench -- --soak`: minutes of mixed load while the API's and the worker's resident memory is
// sampled (growth over the last four fifths must stay under 10%), then small debits measured alone and
// beside 20 connections sending 1 MB bodies (big bodies must cost the others nothing).
import { readFileSync } from 'node:fs';
import { runJson } from './children.ts';
import { measure, type Product } from './http-scenarios.ts';
import { progress, result, type ScenarioResult } from './lib.ts';
import type { LoadResult } from './loadgen.ts';
import type { Member } from './setup.ts';

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const usage = (members: Member[]) => ({ method: 'POST' as const, body: JSON.stringify({ credits: 1, description: 'soak', idempotencyKey: '{uuid}' }), cookies: members.map((m) => m.cookie) });

export async function soak(product: Product, members: Member[], minutes: number): Promise<ScenarioResult[]> {
  const out: ScenarioResult[] = [];
  const line = progress(`soak: mixed debits and reads for ${minutes} min, sampling memory`);
  const seconds = Math.round(minutes * 60);
  const samples: { at: number; api: number; worker: number }[] = [];
  const sampler = setInterval(() => samples.push({ at: Date.now(), api: rssKb(product.apiPids()[0]), worker: rssKb(product.workerPids()[0]) }), 5000);
  const started = Date.now();
  const ticker = setInterval(() => line.update(`${Math.round((Date.now() - started) / 1000)}/${seconds} s`), 1000);
  await Promise.all([
    runJson<LoadResult>('bench/loadgen.ts', { url: `${product.url}/api/usage`, seconds, connections: 10, ...usage(members) }),
    runJson<LoadResult>('bench/loadgen.ts', { url: `${product.url}/api/projects`, seconds, connections: 10, cookies: members.map((m) => m.cookie) }),
  ]).finally(() => {
    clearInterval(sampler);
    clearInterval(ticker);
  });
  const fifth = started + (seconds * 1000) / 5;
  const after = samples.filter((s) => s.at >= fifth);
  for (const name of ['api', 'worker'] as const) {
    const first = after[0]?.[name] ?? 0;
    const last = after.at(-1)?.[name] ?? 0;
    const growth = first > 0 ? ((last - first) / first) * 100 : 0;
    out.push(result(`soak: ${name} resident memory growth over the last 4/5 of ${minutes} min`, growth, '%', null, { below: 10, text: '< 10% (absolute)' }, { firstMiB: first / 1024, lastMiB: last / 1024 }));
  }
  line.done(`api ${out[0].figure}%, worker ${out[1].figure}%`);

  const big = progress('big bodies: small debits alone, then beside 20 connections sending 1 MB bodies');
  const alone = await measure(product, { url: `${product.url}/api/usage`, seconds: 10, connections: 10, ...usage(members) });
  const junk = JSON.stringify({ credits: 1, description: 'x'.repeat(1024 * 1024), idempotencyKey: '{uuid}' });
  const [beside] = await Promise.all([
    measure(product, { url: `${product.url}/api/usage`, seconds: 10, connections: 10, ...usage(members) }),
    runJson<LoadResult>('bench/loadgen.ts', { url: `${product.url}/api/usage`, seconds: 10, connections: 20, method: 'POST', body: junk, cookies: [members[0].cookie] }),
  ]);
  big.done(`${Math.round(alone.rps)} → ${Math.round(beside.rps)} debits/s, p99 ${alone.p99} → ${beside.p99} ms`);
  const reference = { name: 'the same small debits without big bodies', figure: alone.rps, unit: 'debits/s', runs: [alone.rps], spread: 0 };
  out.push(result('small debits beside 20 connections sending 1 MB bodies', beside.rps, 'debits/s', reference, { min: 0.8, text: '≥ 0.8 of alone' }, { p99Alone: alone.p99, p99Beside: beside.p99 }, { cpu: beside.cores }));
  return out;
}
