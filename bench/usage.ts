// Metered usage (issue 25): bulk ingestion with deduplication, against pgbench's INSERT of ten
// event-sized rows per statement, and the quote's latency.
import type { Client } from '../tests/support/http.ts';
import { runJson } from './children.ts';
import { CpuMeter, cpuMsOf } from './cpu.ts';
import { counters, measure, type Product } from './http-scenarios.ts';
import { progress, result, type ScenarioResult } from './lib.ts';
import type { Reference } from './pgbench.ts';
import type pg from 'pg';
import { waitForProjections } from './setup.ts';
import type { UsageLoadResult, UsageLoadSpec } from './usage-load.ts';

export const USAGE_ORGS = 100;
const METER = 'llm.bench.output_tokens';
/** A quote's ten events: quantities spread as the ingestion's are (1 to 2,000 tokens). */
const QUOTE_QUANTITIES = [1, 17, 120, 333, 480, 702, 999, 1250, 1618, 2000];

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
  const meter = new CpuMeter({ api: product.apiPids, worker: product.workerPids }, ['api', 'worker']).start();
  const ticker = setInterval(() => line.update('running'), 1000);
  const spec: UsageLoadSpec = { urls: product.urls, cookies: orgs, meter: METER, seconds, clients: 8, batch: 1000, repeatShare: 0.1 };
  const quoteSeconds = Math.max(1, Math.round(seconds / 2));
  const ingestion = await costOf(product, (r) => r.batches + r.errors, () => runJson<UsageLoadResult>('bench/usage-load.ts', spec)).finally(() => clearInterval(ticker));
  const ingested = ingestion.value;
  const cpu = { ...meter.stop(), load: ingested.cpu };
  await waitForProjections(pool);
  // The quotes come from the HTTP scenarios' load generator (autocannon in a process of its own, 8
  // connections, the organizations' cookies in turn): a fetch loop cost the machine more CPU than the
  // API answering it (0.86 of a core against 0.64), so its own turns on the cores made the p99.
  const quoteBody = JSON.stringify({ events: QUOTE_QUANTITIES.map((quantity) => ({ id: '{uuid}', meter: METER, quantity })) });
  const quoted = await measure(product, { url: `${product.url}/api/usage/quote`, urls: product.urls.map((u) => `${u}/api/usage/quote`), seconds: quoteSeconds, connections: spec.clients, method: 'POST', cookies: orgs, body: quoteBody });
  const quoteCpuMs = Math.round((((quoted.cores.api ?? 0) * quoteSeconds * 1000) / Math.max(1, quoted.ok)) * 10) / 10;
  const r = ingested;
  const rate = r.accepted / r.seconds;
  // Every repeat answered as a duplicate and every fresh id accepted: anything else is counted here.
  const wrong = Math.abs(r.repeatsSent - r.duplicates) + Math.abs(r.freshSent - r.accepted);
  line.done(
    `${Math.round(rate)} events/s accepted (${r.batches} batches, p99 ${r.batchP99} ms, API ${ingestion.cpuMs} CPU ms and ${ingestion.statements.toFixed(1)} statements a batch), ` +
      `${r.duplicates}/${r.repeatsSent} repeats detected, quote p99 ${quoted.p99} ms (API ${quoteCpuMs} CPU ms and ${quoted.statementsPerRequest.toFixed(1)} statements a quote)`,
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
    result('usage quote, 10 events, 8 clients: p99', quoted.p99, 'ms', null, { below: 20, text: '< 20 ms' }, { p50: quoted.p50, quotes: quoted.ok, errors: quoted.errors, apiCpuMsPerQuote: quoteCpuMs }, { cpu: quoted.cores, statementsPerRequest: quoted.statementsPerRequest }),
  ];
}
