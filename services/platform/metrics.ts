import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

/** Counters of this process, for the benchmark and the ops page (`app.metrics`). */
export interface CommandMetrics {
  commands: number;
  /** Re-reads after a concurrency clash (attempts beyond the first). */
  retries: number;
}

/**
 * Every Prometheus metric of this process, in one registry: what happens here (requests, debits,
 * appends, Stripe events applied) and the default process metrics (memory, event-loop lag, GC).
 * Gauges read from the shared stores (lag, queues, open transactions) are added per API by
 * `services/http/cluster-metrics.ts`, so that they are collected once, at scrape time.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

const registers = [registry];
const FAST = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status class',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: FAST,
  registers,
});

export type DebitOutcome = 'ok' | 'insufficient' | 'conflict' | 'error';
export const creditsDebits = new client.Counter({
  name: 'credits_debits_total',
  help: 'Debit requests by outcome and by how the caller signed in (via="board": a board call capturing its hold)',
  labelNames: ['outcome', 'via'] as const,
  registers,
});
export const creditsDebitDuration = new client.Histogram({
  name: 'credits_debit_duration_seconds',
  help: 'Time to answer a debit request',
  buckets: FAST,
  registers,
});

export type StripeOutcome = 'processed' | 'ignored' | 'failed' | 'duplicate';
export const stripeWebhookEvents = new client.Counter({
  name: 'stripe_webhook_events_total',
  help: 'Stripe events by type and outcome (duplicate: a redelivery of an event already stored)',
  labelNames: ['type', 'outcome'] as const,
  registers,
});
export const stripeWebhookApply = new client.Histogram({
  name: 'stripe_webhook_apply_seconds',
  help: 'From a Stripe event received to its effects applied',
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers,
});

export const eventstoreAppends = new client.Counter({
  name: 'eventstore_appends_total',
  help: 'Appends to the event log (one append writes one or more events to one stream)',
  registers,
});
export const eventstoreAppendDuration = new client.Histogram({
  name: 'eventstore_append_duration_seconds',
  help: 'Time of one append statement',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
  registers,
});

export type ModelCallOutcome = 'ok' | 'failed';
export const modelCalls = new client.Counter({
  name: 'llm_calls_total',
  help: 'Calls of a model (all rounds and retries of one answer are one call), by model and outcome',
  labelNames: ['model', 'outcome'] as const,
  registers,
});
export const modelCallFailures = new client.Counter({
  name: 'llm_call_failures_total',
  help: 'Model calls that gave no answer, by model and kind of failure (timeout, rate_limited, server_error...)',
  labelNames: ['model', 'kind'] as const,
  registers,
});
export const modelTokens = new client.Counter({
  name: 'llm_tokens_total',
  help: 'Tokens of model calls, by model and direction (input, output)',
  labelNames: ['model', 'direction'] as const,
  registers,
});
export const modelCallDuration = new client.Histogram({
  name: 'llm_call_duration_seconds',
  help: 'Time of one model call, from the first request to its last token or failure, by model',
  labelNames: ['model'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
  registers,
});

export const outboundWebhookDeliveries = new client.Counter({
  name: 'outbound_webhook_deliveries_total',
  help: 'Deliveries of our webhooks to customers, by outcome',
  labelNames: ['outcome'] as const,
  registers,
});

/** The Prometheus text of these registries, merged (one scrape answer). */
export async function metricsText(...extra: client.Registry[]): Promise<{ contentType: string; body: string }> {
  const merged = extra.length ? client.Registry.merge([registry, ...extra]) : registry;
  return { contentType: merged.contentType, body: await merged.metrics() };
}

/** Whether an Authorization header carries this bearer token (compared in constant time). */
export function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** A fresh registry for gauges collected at scrape time. */
export const newRegistry = () => new client.Registry();
export { client as prom };
