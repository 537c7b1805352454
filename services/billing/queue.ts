import type { Queue } from 'bullmq';

/** Job ids cannot contain ':' nor be all digits; Stripe ids never are, but a forged one might. */
export const stripeEventJobId = (eventId: string) => `stripe-event-${eventId.replace(/[^A-Za-z0-9_-]/g, '_')}`;

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

/** How long an event may wait in 'received' before the sweep enqueues it again (its job was lost). */
export const STALE_RECEIVED_SECONDS = 30;
