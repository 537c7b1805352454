// Metered usage driven from a process of its own: `clients` loops send batches of `batch` events to
// POST /api/usage/events, one organization after another, a share of each batch being ids sent
// before (to that organization; within the batch for its first) for `seconds`. Answers (writeResult):
// what was sent and what came back (every repeat must be a duplicate, every fresh id accepted),
// rates, batch latencies, CPU. (The quotes are sent by bench/loadgen.ts: see bench/usage.ts.)
import { randomUUID } from 'node:crypto';
import { readSpec, writeResult } from './children.ts';
import { percentile } from './lib.ts';

export interface UsageLoadSpec {
  /** One per API process; the loops take them in turn. */
  urls: string[];
  /** One session per organization. */
  cookies: string[];
  meter: string;
  seconds: number;
  clients: number;
  batch: number;
  /** Share of each batch that repeats ids already sent (0.1). */
  repeatShare: number;
}

export interface UsageLoadResult {
  batches: number;
  seconds: number;
  freshSent: number;
  repeatsSent: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: number;
  batchP50: number;
  batchP99: number;
  cpu: number;
}

const spec = readSpec<UsageLoadSpec>();
const cpuStart = process.cpuUsage();
/** Ids each organization was answered for (accepted), to repeat later. */
const sent = spec.cookies.map(() => [] as string[]);
const out = { batches: 0, freshSent: 0, repeatsSent: 0, accepted: 0, duplicates: 0, rejected: 0, errors: 0 };
const batchMs: number[] = [];
let nextOrg = 0;
const quantity = () => 1 + Math.floor(Math.random() * 2000);

async function post(url: string, cookie: string, events: unknown[]): Promise<{ ok: boolean; ms: number; statuses: string[] }> {
  const started = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify({ events }) }).catch(() => null);
  const body = res?.ok ? ((await res.json()) as { results: { status: string }[] }) : (await res?.arrayBuffer(), null);
  return { ok: !!body, ms: performance.now() - started, statuses: body?.results.map((r) => r.status) ?? [] };
}

/** A batch for one organization: fresh ids, and `repeats` of the ids it sent before (or of this batch's own). */
function batchFor(org: number): { events: { id: string; meter: string; quantity: number }[]; fresh: string[]; repeats: number } {
  const repeats = Math.round(spec.batch * spec.repeatShare);
  const fresh = Array.from({ length: spec.batch - repeats }, () => randomUUID());
  const pool = sent[org].length >= repeats ? sent[org] : fresh;
  const again = Array.from({ length: repeats }, (_, i) => pool[Math.floor(Math.random() * pool.length)] ?? fresh[i % fresh.length]);
  // Repeats drawn twice would count twice: each repeated id once per batch.
  const unique = [...new Set(again)];
  const ids = [...fresh, ...unique];
  return { events: ids.map((id) => ({ id, meter: spec.meter, quantity: quantity() })), fresh, repeats: unique.length };
}

const started = Date.now();
const until = started + spec.seconds * 1000;
await Promise.all(
  Array.from({ length: spec.clients }, async (_, c) => {
    const url = `${spec.urls[c % spec.urls.length]}/api/usage/events`;
    while (Date.now() < until) {
      const org = nextOrg++ % spec.cookies.length;
      const { events, fresh, repeats } = batchFor(org);
      const r = await post(url, spec.cookies[org], events);
      if (!r.ok) {
        out.errors++;
        continue;
      }
      out.batches++;
      out.freshSent += fresh.length;
      out.repeatsSent += repeats;
      batchMs.push(r.ms);
      for (const s of r.statuses) {
        if (s === 'accepted') out.accepted++;
        else if (s === 'duplicate') out.duplicates++;
        else out.rejected++;
      }
      sent[org].push(...fresh);
    }
  }),
);
const seconds = (Date.now() - started) / 1000;

const cpu = process.cpuUsage(cpuStart);
const elapsed = (Date.now() - started) / 1000;
const ms = (v: number) => Math.round(v * 10) / 10;
const result: UsageLoadResult = {
  ...out,
  seconds,
  batchP50: ms(percentile(batchMs, 50)),
  batchP99: ms(percentile(batchMs, 99)),
  cpu: Math.round(((cpu.user + cpu.system) / 1e6 / elapsed) * 100) / 100,
};
writeResult(result);
