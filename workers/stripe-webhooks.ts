import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type pg from 'pg';
import type { Logger } from 'pino';
import { applyStripeEvent, markFailed, StripeEventRejected } from '../services/billing/apply.ts';
import { stripeEventDecider } from '../services/billing/decider.ts';
import { stripeEventStreamId } from '../services/billing/events.ts';
import { loadState } from '../services/billing/load.ts';
import { enqueueStripeEvents, STALE_RECEIVED_SECONDS } from '../services/billing/queue.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import type { JobData } from './jobs.ts';

export interface StripeWebhookDeps {
  pool: pg.Pool;
  queue: Queue;
  /** The worker's store: its appends wake the read models, so they show a payment at once. */
  store: EventStore;
  log: Logger;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function stripeWebhookHandlers({ pool, queue, store, log }: StripeWebhookDeps) {
  const deps = { pool, store, queue, log };
  return {
    /** Applies one stored Stripe event; its outcome goes to the event's own stream. */
    apply: async (job: Job<JobData<'stripe-webhooks', 'apply'>>) => {
      const { eventId } = job.data;
      const stored = await loadState(deps.store, stripeEventDecider, stripeEventStreamId(eventId));
      if (!stored.received) throw new UnrecoverableError(`no stored Stripe event ${eventId}`);
      if (stored.status !== 'received') return { status: stored.status, repeated: true };
      try {
        const applied = await applyStripeEvent(deps, stored.event);
        if (applied.status === 'ignored') deps.log.info({ eventId, type: stored.event.type, reason: applied.reason }, 'stripe event ignored');
        return applied;
      } catch (err) {
        const final = err instanceof StripeEventRejected || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!final) throw err;
        const reason = reasonOf(err);
        await markFailed(deps, eventId, reason);
        deps.log.warn({ eventId, type: stored.event.type, reason }, 'stripe event failed');
        throw new UnrecoverableError(reason);
      }
    },
    /** Safety net: an event stored but never applied (its job lost with Redis) is enqueued again. */
    sweep: async () => {
      const res = await deps.pool.query(
        `SELECT event_id FROM webhook_log
          WHERE status = 'received' AND received_at < now() - make_interval(secs => $1)
          ORDER BY id LIMIT 500`,
        [STALE_RECEIVED_SECONDS],
      );
      await enqueueStripeEvents(deps.queue, res.rows.map((r) => r.event_id as string));
      return { enqueued: res.rowCount };
    },
  };
}
