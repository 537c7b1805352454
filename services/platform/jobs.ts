import type { Job, JobsOptions, Queue } from 'bullmq';

/** One typed registry of every queue, its job names and their payloads. */
export interface JobRegistry {
  projector: {
    'catch-up': { projection: string };
    'catch-up-all': Record<string, never>;
  };
  replay: {
    rebuild: { projection: string };
    /** The log's monthly partitions made ahead (migrations/functions/event-log.sql). */
    'event-partitions': Record<string, never>;
    /** Rebuilds read models into shadow tables from the log and compares them with the live ones (all when none is named). */
    'drift-check': { projection?: string };
  };
  'stripe-webhooks': {
    apply: { eventId: string };
    sweep: Record<string, never>;
    reconcile: Record<string, never>;
  };
  /** Credit lots and holds that reach their expiry. */
  ledger: {
    'expire-lot': { orgId: string; lotId: string };
    'expire-hold': { orgId: string; holdId: string };
    sweep: Record<string, never>;
    /** A debit took the balance below the auto top-up threshold: charge the saved card once for that crossing. */
    'auto-top-up': { orgId: string; crossing: string };
    /** Signs every organization's chain head and keeps the statements (daily). */
    'sign-heads': Record<string, never>;
    /** Forgets the usage event ids recorded more than 35 days ago (hourly). */
    'purge-usage-ids': Record<string, never>;
  };
  /** Outbound webhooks (Standard Webhooks): one delivery per endpoint and message, and a sweep that queues the pending ones. */
  'webhooks-out': {
    deliver: { endpointId: string; messageId: string };
    sweep: Record<string, never>;
  };
}

export type QueueName = keyof JobRegistry;
export type JobName<Q extends QueueName> = keyof JobRegistry[Q] & string;
export type JobData<Q extends QueueName, N extends JobName<Q>> = JobRegistry[Q][N];
/** A queue's handlers: one for each of its jobs (a missing one does not compile), given that job's typed data. */
export type QueueHandlers<Q extends QueueName> = { [N in JobName<Q>]: (job: Job<JobData<Q, N>>) => Promise<unknown> };
/** Every queue's handlers, as the workers run them. */
export type WorkerHandlers = { [Q in QueueName]: QueueHandlers<Q> };

export const QUEUE_NAMES: readonly QueueName[] = ['projector', 'replay', 'stripe-webhooks', 'ledger', 'webhooks-out'];

/** The log's partitions are made this many months ahead, checked every few hours. */
export const EVENT_PARTITIONS = { id: 'event-partitions', everyMs: 6 * 3600_000, monthsAhead: 3 };

/** At least 8 attempts; the first retry after WEBHOOK_FIRST_RETRY_MS (5 s by default), then doubling (about 40 minutes in all). */
export const WEBHOOK_ATTEMPTS = 10;

export const webhookDeliveryJob = (endpointId: string, messageId: string, firstRetryMs: number) => ({
  name: 'deliver' as const,
  data: { endpointId, messageId },
  opts: {
    jobId: `webhook-${endpointId}-${messageId}`,
    attempts: WEBHOOK_ATTEMPTS,
    backoff: { type: 'exponential', delay: firstRetryMs },
    removeOnComplete: true,
    removeOnFail: true,
  },
});

/** Job ids cannot contain ':' nor be all digits. */
export const catchUpJobId = (projection: string) => `catch-up-${projection}`;
export const rebuildJobId = (projection: string) => `rebuild-${projection}`;

/** A catch-up that fails (a projection throwing on an event) is retried with backoff. */
export const CATCH_UP_OPTIONS = {
  attempts: 50,
  backoff: { type: 'exponential', delay: 200 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

export const catchUpJob = (projection: string) => ({
  name: 'catch-up' as const,
  data: { projection },
  opts: { ...CATCH_UP_OPTIONS, deduplication: { id: catchUpJobId(projection), keepLastIfActive: true } },
});

/**
 * An admin's "Retry now" of a failed read model: a catch-up of its own id (not the deduplicated one,
 * which may be waiting out its backoff), tried once; the advisory lock makes it take turns with any other.
 */
export const retryCatchUpJob = (projection: string, at = Date.now()) => ({
  name: 'catch-up' as const,
  data: { projection },
  opts: { attempts: 1, removeOnComplete: true, removeOnFail: { count: 10 }, jobId: `retry-${projection}-${at}` },
});

/** Job ids cannot contain ':' nor be all digits; Stripe ids never are, but a forged one might. */
const safeId = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_');

export const stripeEventJobId = (eventId: string) => `stripe-event-${safeId(eventId)}`;

/**
 * A refund may overtake the payment it refunds: a few retries with backoff (about a minute in
 * all) let the payment arrive first. The outcome is kept in the event's stream, not in Redis.
 */
export const STRIPE_EVENT_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 500 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;

export const stripeEventJob = (eventId: string) => ({
  name: 'apply' as const,
  data: { eventId },
  opts: { ...STRIPE_EVENT_JOB_OPTIONS, jobId: stripeEventJobId(eventId) },
});

export async function enqueueStripeEvents(queue: Queue, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await queue.addBulk(eventIds.map(stripeEventJob));
}

/** States in which a job of a fixed id is a leftover that a sweep replaces (see `queueAgain`). */
const LEFTOVER_STATES = new Set(['completed', 'failed', 'unknown']);

/**
 * Queues jobs of fixed ids (a sweep's work from Postgres, a rebuild or drift check asked for). BullMQ's
 * `add` keeps any job that has the id already, so a leftover would stop that work for ever: a job
 * finished but kept, or a hash in no list at all, which is what a Redis flushed under a running job
 * leaves (the worker marks its job active and then failed, writing those fields into a new hash
 * without name or data). Those are removed first; a job waiting, delayed or running keeps its place
 * (asking again is the same job).
 */
export async function queueAgain(queue: Queue, jobs: { name: string; data: object; opts: JobsOptions & { jobId: string } }[]): Promise<void> {
  if (jobs.length === 0) return;
  const states = await Promise.all(jobs.map((job) => queue.getJobState(job.opts.jobId)));
  await Promise.all(jobs.filter((_, i) => LEFTOVER_STATES.has(states[i]!)).map((job) => queue.remove(job.opts.jobId)));
  await queue.addBulk(jobs);
}

/** One drift check at a time per read model (or of all of them): asking again while one waits or runs is the same check. */
export const driftCheckJob = (projection?: string) => ({
  name: 'drift-check' as const,
  data: projection ? { projection } : {},
  opts: { jobId: `drift-check-${projection ?? 'all'}`, removeOnComplete: true, removeOnFail: true, attempts: 1 },
});

/** One job id per projection: a second request while one is queued or running is the same rebuild. */
export const rebuildJob = (projection: string) => ({
  name: 'rebuild' as const,
  data: { projection },
  opts: { jobId: rebuildJobId(projection), removeOnComplete: true, removeOnFail: true, attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
});


/** An expiry is idempotent in the ledger itself; the job id only keeps Redis from holding two of one. */
export const EXPIRY_JOB_OPTIONS = {
  attempts: 8,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: 100,
} as const;

/** Delayed until the moment it is due (a little after, so the decision sees it due). */
const delayUntil = (expiresAt: string, now: number) => Math.max(0, Date.parse(expiresAt) - now + 20);

export const lotExpiryJob = (orgId: string, lotId: string, expiresAt: string, now = Date.now()) => ({
  name: 'expire-lot' as const,
  data: { orgId, lotId },
  opts: { ...EXPIRY_JOB_OPTIONS, jobId: `expire-lot-${safeId(lotId)}`, delay: delayUntil(expiresAt, now) },
});

export const holdExpiryJob = (orgId: string, holdId: string, expiresAt: string, now = Date.now()) => ({
  name: 'expire-hold' as const,
  data: { orgId, holdId },
  opts: { ...EXPIRY_JOB_OPTIONS, jobId: `expire-hold-${safeId(holdId)}`, delay: delayUntil(expiresAt, now) },
});

/** The sweep that expires what a lost or early job left behind (a fixed scheduler id: upserting it again changes nothing). */
/** One charge per crossing of the auto top-up threshold: the crossing names the job, so it is queued once. */
export const autoTopUpJob = (orgId: string, crossing: string) => ({
  name: 'auto-top-up' as const,
  data: { orgId, crossing },
  opts: {
    jobId: `auto-top-up-${safeId(crossing)}`,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: 100,
  },
});

export const LEDGER_SWEEP = { id: 'ledger-sweep', everyMs: 15_000 } as const;

/** The purge of usage event ids past the 35-day deduplication window. */
export const USAGE_IDS_PURGE = { id: 'usage-ids-purge', everyMs: 3600_000 } as const;

/** Where worker processes beat (a sorted set: member = process, score = last beat in ms); readiness reads it. */
export const heartbeatKey = (prefix: string) => `${prefix}:workers:heartbeats`;
