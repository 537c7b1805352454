import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type pg from 'pg';
import type Stripe from 'stripe';
import { reconcile } from '../services/billing/reconcile.ts';
import type { Logger } from 'pino';
import { markFailed, StripeEventRejected, type ApplyDeps } from '../services/billing/apply.ts';
import { stripeEventDecider } from '../services/billing/decider.ts';
import { stripeEventStreamId } from '../services/billing/events.ts';
import { loadState } from '../services/eventstore/command-handler.ts';
import { pendingStripeEvents } from '../services/billing/inbox.ts';
import { queueAgain, stripeEventJob, type JobData, type QueueHandlers } from '../services/platform/jobs.ts';
import { stripeWebhookEvents } from '../services/platform/metrics.ts';
import { applyReceived } from '../services/billing/apply-received.ts';
import type { EventStore } from '../services/eventstore/store.ts';

export interface StripeWebhookDeps {
  pool: pg.Pool;
  queue: Queue;
  /** The worker's store: its appends wake the read models, so they show a payment at once. */
  store: EventStore;
  log: Logger;
  /** The worker's credits' front door (grants and refunds). */
  credits: ApplyDeps['credits'];
  /** The Stripe SDK, when a key is configured (reconciliation compares with it). */
  stripe?: () => Stripe;
}

const reasonOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function stripeWebhookHandlers({ pool, queue, store, log, credits, stripe }: StripeWebhookDeps) {
  const deps = { pool, store, queue, log, credits, stripe };
  return {
    /** Applies one stored Stripe event; its outcome goes to the event's own stream. */
    apply: async (job: Job<JobData<'stripe-webhooks', 'apply'>>) => {
      const { eventId } = job.data;
      const stored = await loadState(deps.store, stripeEventDecider, stripeEventStreamId(eventId));
      if (!stored.received) throw new UnrecoverableError(`no stored Stripe event ${eventId}`);
      if (stored.status !== 'received') return { status: stored.status, repeated: true };
      const type = stored.event.type;
      try {
        const applied = await applyReceived(deps, stored.event, stored.receivedAt);
        if (applied.status === 'ignored') deps.log.info({ eventId, type, reason: applied.reason }, 'stripe event ignored');
        return applied;
      } catch (err) {
        const final = err instanceof StripeEventRejected || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
        if (!final) throw err;
        const reason = reasonOf(err);
        await markFailed(deps, eventId, reason);
        stripeWebhookEvents.inc({ type, outcome: 'failed' });
        deps.log.warn({ eventId, type, reason }, 'stripe event failed');
        throw new UnrecoverableError(reason);
      }
    },
    /**
     * Safety net: every event of the stored inbox still waiting for its outcome is enqueued (its
     * wake-up lost with Redis, or never sent). One that is queued or running already keeps its job:
     * the job id is the event's (a leftover of that id is replaced: `queueAgain`).
     */
    sweep: async () => {
      const pending = await pendingStripeEvents(deps.pool);
      await queueAgain(deps.queue, pending.map(stripeEventJob));
      return { enqueued: pending.length };
    },
    /** Daily: every organization's subscriptions and recent paid invoices compared with Stripe, what is missing applied. */
    reconcile: async () => {
      const report = await reconcile(deps, stripe ? stripe() : null);
      if (report.skipped) deps.log.info(report.skipped);
      else if (report.missing.length || report.unknown.length) deps.log.warn({ missing: report.missing.length, unknown: report.unknown.length, applied: report.applied }, 'stripe reconciliation found differences');
      return { orgs: report.orgs, checked: report.checked, missing: report.missing.length, unknown: report.unknown.length, applied: report.applied, skipped: report.skipped };
    },
  } satisfies QueueHandlers<'stripe-webhooks'>;
}
