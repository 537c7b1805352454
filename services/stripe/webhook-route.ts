import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeEventDecider } from '../billing/decider.ts';
import { stripeEventStreamId } from '../billing/events.ts';
import { enqueueStripeEvents } from '../billing/queue.ts';
import { verifyStripeEvent } from '../billing/stripe.ts';
import { handleCommand } from '../eventstore/decider.ts';
import { storable } from '../http/plugins/storable-text.ts';
import { WebhookAnswer } from './schemas.ts';

/**
 * Stripe's webhook. In this plugin's scope only, every body stays the raw Buffer: the signature
 * is over those exact bytes. The event is stored in its own stream before we answer; a worker
 * applies it.
 */
const webhookRoute: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/webhook', { schema: { tags: ['stripe'], response: { 200: WebhookAnswer } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    // Verified on the raw bytes, then made storable: a NUL or half a surrogate pair would fail the insert, and Stripe would retry forever.
    const event = storable(verifyStripeEvent(raw, request.headers['stripe-signature'] as string | undefined, app.config.STRIPE_WEBHOOK_SECRET));
    const outcome = await handleCommand(
      app.store,
      stripeEventDecider,
      stripeEventStreamId(event.id),
      { type: 'ReceiveStripeEvent', data: { event, at: new Date().toISOString() } },
      { metadata: { actor: 'stripe', correlation_id: event.id }, expected: 'no_stream', maxAttempts: 2 },
    );
    if (outcome.events.length === 0) return { received: true as const, duplicate: true };
    try {
      await enqueueStripeEvents(app.queues['stripe-webhooks'], [event.id]);
    } catch (err) {
      request.log.warn({ err, eventId: event.id }, 'stripe event stored but not enqueued; the sweep will pick it up');
    }
    return { received: true as const };
  });
};

export default webhookRoute;
