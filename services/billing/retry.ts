import type { FastifyInstance } from 'fastify';
import type { EventMetadata } from '../eventstore/types.ts';
import { stripeWebhookEvents } from '../platform/metrics.ts';
import { applyStripeEvent, markFailed, StripeEventRejected } from './apply.ts';
import { stripeEventDecider } from './decider.ts';
import { stripeEventStreamId } from './events.ts';

export interface RetryOutcome {
  eventId: string;
  status: 'processed' | 'ignored' | 'failed';
  detail: string;
}

/**
 * An admin's "Retry" of a failed Stripe event (its cause fixed, e.g. the plan created): the request
 * is recorded on the event's stream (who, when), then the stored event is applied through the same
 * idempotent path the worker uses, and its outcome recorded and answered. Applying twice (the
 * sweep's job racing this one) grants once: every grant carries the event's idempotency key.
 * A store failing meanwhile leaves the event waiting: the worker's sweep applies it.
 */
export async function retryStripeEvent(app: FastifyInstance, eventId: string, metadata: EventMetadata): Promise<RetryOutcome> {
  const requested = await app.commands.run(
    stripeEventDecider,
    stripeEventStreamId(eventId),
    { type: 'RetryStripeEvent', data: { eventId, requestedBy: metadata.actor ?? 'anonymous', at: new Date().toISOString() } },
    { metadata },
  );
  const state = requested.state;
  if (!state.received) throw new Error(`Stripe event ${eventId} vanished`);
  const deps = { pool: app.pg, store: app.store, credits: app.credits, log: app.log };
  let outcome: RetryOutcome;
  try {
    const applied = await applyStripeEvent(deps, state.event);
    outcome = applied.status === 'processed' ? { eventId, status: 'processed', detail: applied.summary } : { eventId, status: 'ignored', detail: applied.reason };
  } catch (err) {
    if (!(err instanceof StripeEventRejected)) throw err;
    await markFailed(deps, eventId, err.message);
    outcome = { eventId, status: 'failed', detail: err.message };
  }
  stripeWebhookEvents.inc({ type: state.event.type, outcome: outcome.status });
  await app.readModels.waitFor(['StripeEventProcessed'], await app.store.head());
  return outcome;
}
