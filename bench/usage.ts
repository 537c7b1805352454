// Metered usage (issue 25): bulk ingestion with deduplication, against pgbench's INSERT of ten
// event-sized rows per statement, and the quote's latency.
import type { Client } from '../tests/support/http.ts';
import { runJson } from './children.ts';
import { CpuMeter, cpuMsOf } from './cpu.ts';
import { counters, type Product } from './http-scenarios.ts';
import { progress, result, type ScenarioResult } from './lib.ts';
import type { Reference } from './pgbench.ts';
import type pg from 'pg';
import { waitForProjections } from './setup.ts';
import type { UsageLoadResult, UsageLoadSpec } from './usage-load.ts';

export const USAGE_ORGS = 100;
const METER = 'llm.bench.output_tokens';

/** What the API processes spent on a phase's requests: statements and CPU milliseconds per request. */
async function costOf<T>(product: Product, requests: (r: T) => number, phase: () => Promise<T>): Promise<{ value: T; statements: number; cpuMs: number }> {
  const [before, cpuBefore] = [await counters(product), cpuMsOf(product.apiPids())];
  const value = await phase();
  const [after, cpuAfter] = [await counters(product), cpuMsOf(product.apiPids())];
  const n = Math.max(1, requests(value));
  return { value, statements: (after.statements - before.statements) / n, cpuMs: Math.round(((cpuAfter - cpuBefore) / n) * 10) / 10 };
}

/**
 * 100 organizations (or as many as were seeded), batches of 1,000 events from 8 clients, 10% of each
 * batch repeated ids: accepted events/s against the reference, every repeat answered as a duplicate,
 * and the quote's p99 (10 events a quote, the same 8 clients, once the read models have caught up
 * with the ingestion).
 */
export async function usageScenarios(product: Product, pool: pg.Pool, admin: Client, cookies: string[], seconds: number, reference: Reference | null): Promise<ScenarioResult[]> {
  const published = await admin.post('/api/admin/rate-cards', { entries: [{ meter: METER, unit: 'token', description: 'Bench output tokens', creditsPerUnit: 0.000003 }] });
  if (published.status !== 201) throw new Error(`the bench could not publish its rate card: ${published.status} ${JSON.stringify(published.body)}`);
  const orgs = cookies.slice(0, USAGE_ORGS);
  const name = `usage ingestion, batches of 1,000, ${orgs.length} orgs, 8 clients, 10% repeats`;
  const line = progress(name);
  const meter = new CpuMeter({ api: product.apiPids, worker: product.workerPids }).start();
  const ticker = setInterval(() => line.update('running'), 1000);
  const spec: UsageLoadSpec = { urls: product.urls, cookies: orgs, meter: METER, seconds, quoteSeconds: Math.max(1, Math.round(seconds / 2)), clients: 8, batch: 1000, repeatShare: 0.1, quoteEvents: 10, phase: 'ingest' };
  const ingestion = await costOf(product, (r) => r.batches + r.errors, () => runJson<UsageLoadResult>('bench/usage-load.ts', spec)).finally(() => clearInterval(ticker));
  const ingested = ingestion.value;
  const cpu = { ...meter.stop(), load: ingested.cpu };
  await waitForProjections(pool);
  const quoting = await costOf(product, (r) => r.quotes + r.quoteErrors, () => runJson<UsageLoadResult>('bench/usage-load.ts', { ...spec, phase: 'quote' }));
  const quoted = quoting.value;
  const r = { ...ingested, quotes: quoted.quotes, quoteP50: quoted.quoteP50, quoteP99: quoted.quoteP99, quoteErrors: quoted.quoteErrors };
  const rate = r.accepted / r.seconds;
  // Every repeat answered as a duplicate and every fresh id accepted: anything else is counted here.
  const wrong = Math.abs(r.repeatsSent - r.duplicates) + Math.abs(r.freshSent - r.accepted);
  line.done(
    `${Math.round(rate)} events/s accepted (${r.batches} batches, p99 ${r.batchP99} ms, API ${ingestion.cpuMs} CPU ms and ${ingestion.statements.toFixed(1)} statements a batch), ` +
      `${r.duplicates}/${r.repeatsSent} repeats detected, quote p99 ${r.quoteP99} ms (API ${quoting.cpuMs} CPU ms and ${quoting.statements.toFixed(1)} statements a quote)`,
  );
  return [
    result(name, rate, 'events/s', reference, { min: 0.4, text: '≥ 0.4' }, { batches: r.batches, batchP50: r.batchP50, batchP99: r.batchP99, errors: r.errors, apiCpuMsPerBatch: ingestion.cpuMs }, { cpu, statementsPerRequest: ingestion.statements }),
    result(
      'usage ingestion: events answered wrongly (a repeat not a duplicate, a fresh id not accepted)',
      wrong,
      'events',
      null,
      { maxFigure: 0, text: '0 (every repeat a duplicate, every fresh id accepted)' },
      { repeatsSent: r.repeatsSent, duplicates: r.duplicates, freshSent: r.freshSent, accepted: r.accepted, rejected: r.rejected },
    ),
    result('usage quote, 10 events, 8 clients: p99', r.quoteP99, 'ms', null, { maxFigure: 20, text: '< 20 ms' }, { p50: r.quoteP50, quotes: r.quotes, errors: r.quoteErrors, apiCpuMsPerQuote: quoting.cpuMs }, { statementsPerRequest: quoting.statements }),
  ];
}
