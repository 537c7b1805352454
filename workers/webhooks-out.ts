import type { Job, Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { Webhook } from 'standardwebhooks';
import { deliveryWithTarget, dueDeliveries, recordAttempt, type AttemptOutcome } from '../services/outbox/deliveries.ts';
import { checkWebhookUrl } from '../services/outbox/urls.ts';
import { outboundWebhookDeliveries } from '../services/platform/metrics.ts';
import { queueAgain, WEBHOOK_ATTEMPTS, webhookDeliveryJob, type JobData, type QueueHandlers } from '../services/platform/jobs.ts';

export interface WebhooksOutDeps {
  pool: pg.Pool;
  queue: Queue;
  log: Logger;
  production: boolean;
  allowPrivate: boolean;
  /** The wait before the first retry, doubled at each attempt (WEBHOOK_FIRST_RETRY_MS). */
  firstRetryMs: number;
}

const TIMEOUT_MS = 10_000;
const SWEEP_LIMIT = 200;

/** Why an attempt failed, short enough to show in the delivery log. */
const reason = (err: unknown) => {
  const e = err as Error & { cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError') return `timed out after ${TIMEOUT_MS / 1000} s`;
  return (e?.cause?.code ?? e?.cause?.message ?? e?.message ?? String(err)).slice(0, 300);
};

/**
 * Outbound webhooks, per Standard Webhooks: each delivery is signed (webhook-id, webhook-timestamp,
 * webhook-signature) and POSTed; a non-2xx or a timeout is retried by BullMQ with exponential
 * backoff, each attempt recorded. The sweep queues what is due from Postgres, so a flushed Redis
 * only delays deliveries.
 */
export function webhooksOutHandlers({ pool, queue, log, production, allowPrivate, firstRetryMs }: WebhooksOutDeps) {
  return {
    deliver: async (job: Job<JobData<'webhooks-out', 'deliver'>>) => {
      const found = await deliveryWithTarget(pool, job.data.endpointId, job.data.messageId);
      if (!found || found.delivery.status !== 'pending') return { skipped: true };
      const { delivery, target } = found;
      const attempt = delivery.attempts + 1;
      const last = job.attemptsMade + 1 >= (job.opts.attempts ?? WEBHOOK_ATTEMPTS);
      const started = Date.now();
      let statusCode: number | null = null;
      let error: string | null = null;
      try {
        if (target.removed) throw new Error('endpoint removed');
        const url = await checkWebhookUrl(target.url, { production, allowPrivate });
        const body = JSON.stringify(delivery.payload);
        const headers = signed(target.secret, delivery.messageId, body);
        const res = await fetch(url, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/json', 'user-agent': 'advisory-board-webhooks', ...headers },
          body,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        statusCode = res.status;
        await res.body?.cancel().catch(() => {});
        if (res.status < 200 || res.status >= 300) error = `answered ${res.status}`;
      } catch (err) {
        error = reason(err);
      }
      const durationMs = Date.now() - started;
      const gone = target.removed;
      const next: AttemptOutcome['next'] =
        error === null
          ? { status: 'delivered' }
          : last || gone
            ? { status: 'failed' }
            : { status: 'pending', retryAt: new Date(Date.now() + firstRetryMs * 2 ** job.attemptsMade + 1000) };
      await recordAttempt(pool, delivery, { attempt, statusCode, durationMs, error, next });
      outboundWebhookDeliveries.inc({ outcome: next.status === 'pending' ? 'retry' : next.status });
      if (error !== null && next.status === 'pending') throw new Error(`webhook ${delivery.messageId} to ${target.url}: ${error}`);
      if (error !== null) log.warn({ endpointId: delivery.endpointId, messageId: delivery.messageId, error }, 'webhook delivery given up');
      return { delivered: error === null, attempt };
    },
    sweep: async () => {
      const due = await dueDeliveries(pool, SWEEP_LIMIT);
      await queueAgain(queue, due.map((d) => webhookDeliveryJob(d.endpointId, d.messageId, firstRetryMs)));
      return { queued: due.length };
    },
  } satisfies QueueHandlers<'webhooks-out'>;
}

/** The three Standard Webhooks headers for one attempt (the timestamp is the attempt's). */
function signed(secret: string, messageId: string, body: string) {
  const now = new Date();
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(messageId, now, body),
  };
}
