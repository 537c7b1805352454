import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeEventDecider } from './decider.ts';
import { stripeEventStreamId } from './events.ts';
import { enqueueStripeEvents } from '../platform/jobs.ts';
import { stripeWebhookEvents } from '../platform/metrics.ts';
import { verifyStripeEvent } from './stripe.ts';
import { handleCommand } from '../eventstore/command-handler.ts';
import { storable } from '../platform/text.ts';
import { receiveAndApplyNow } from './apply-received.ts';
import { WebhookAnswer } from './schemas.ts';

/**
 * Stripe's webhook. In this plugin's scope only, every body stays the raw Buffer: the signature
 * is over those exact bytes. The event is stored in its own stream before we answer. One whose
 * application asks Stripe nothing (a pack, an invoice, a subscription's change or end) is stored and
 * applied here, in one commit, before the answer; the others, and any this process could not apply,
 * are stored alone and a worker applies them.
 */
const webhookRoute: FastifyPluginAsyncZod = async (app) => {
  const bodyLimit = app.config.WEBHOOK_BODY_LIMIT_BYTES;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/webhook', { bodyLimit, schema: { tags: ['stripe'], response: { 200: WebhookAnswer } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // Verified on the raw bytes, then made storable: a NUL or half a surrogate pair would fail the insert, and Stripe would retry forever.
    const event = storable(verifyStripeEvent(raw, request.headers['stripe-signature'] as string | undefined, app.config.STRIPE_WEBHOOK_SECRET));
    const duplicate = () => {
      stripeWebhookEvents.inc({ type: event.type, outcome: 'duplicate' });
      return { received: true as const, duplicate: true };
    };
    const at = new Date().toISOString();
    const metadata = { actor: 'stripe', correlation_id: request.id, causation_id: event.id };
    // Stored and applied at once, in one commit, unless that may call Stripe (`later`): the credits show
    // without a hop through Redis and the worker. Should it fail (the organization unknown, a clash
    // that outlasted its retries, the database gone), nothing was stored: it is stored alone below and
    // the worker takes it over, as it takes every `later` one.
    try {
      const applied = await receiveAndApplyNow({ pool: app.pg, store: app.store, credits: app.credits, log: request.log }, event, { at, metadata });
      if (applied.status === 'duplicate') return duplicate();
      if (applied.status !== 'later') return { received: true as const };
    } catch (err) {
      request.log.warn({ err: (err as Error).message, eventId: event.id }, 'stripe event not applied here; stored for the worker');
    }
    const outcome = await handleCommand(
      app.store,
      stripeEventDecider,
      stripeEventStreamId(event.id),
      { type: 'ReceiveStripeEvent', data: { event, at } },
      { metadata, expected: 'no_stream', maxAttempts: 2 },
    );
    if (outcome.events.length === 0) return duplicate();
    // The answer comes from Postgres alone: waking the worker through Redis is best effort and not
    // awaited (the sweep reads the stored inbox every few seconds, so a lost wake-up costs seconds).
    enqueueStripeEvents(app.queues['stripe-webhooks'], [event.id]).catch((err: Error) =>
      request.log.warn({ err: err.message, eventId: event.id }, 'stripe event stored but not enqueued; the sweep will pick it up'),
    );
    return { received: true as const };
  });
};

export default webhookRoute;
