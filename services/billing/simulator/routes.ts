import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../../eventstore/command-handler.ts';
import { deliver, paidIds, paymentEvents } from './deliver.ts';
import { simCheckoutDecider, simCheckoutStreamId, type SimCheckoutState } from './session.ts';
import { billingMode } from '../stripe.ts';
import { simSetCancelAtPeriodEnd } from '../portal.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import { checkoutLockDecider, checkoutLockStreamId } from '../checkout-lock.ts';
import { planDecider } from '../../plans/decider.ts';
import { planStreamId } from '../../plans/events.ts';
import { SimRedirect, SimSession, SimSessionParams } from '../schemas.ts';
import { loadOrg } from '../../orgs/stream.ts';

/** The local checkout simulator's page calls: only with no Stripe key, only for the buyer. */
const simRoutes: FastifyPluginAsyncZod = async (app) => {
  // onRequest: a visitor is refused before the session id in the path is validated.
  app.addHook('onRequest', async () => {
    if (billingMode(app.config) !== 'simulator') throw new NotFoundError('Checkout');
  });
  app.addHook('onRequest', app.requireUser);

  const ownSession = async (sessionId: string, userId: string) => {
    const state = await loadState(app.store, simCheckoutDecider, simCheckoutStreamId(sessionId));
    if (!state.exists || state.userId !== userId) throw new NotFoundError('Checkout');
    return state as Extract<SimCheckoutState, { exists: true }>;
  };

  app.get('/sessions/:id', { schema: { tags: ['stripe'], params: SimSessionParams, response: { 200: SimSession } } }, async (request) => {
    const session = await ownSession(request.params.id, request.user!.id);
    const plan = await loadState(app.store, planDecider, planStreamId(session.planId));
    if (!plan.exists) throw new NotFoundError('Subscription');
    return {
      id: session.sessionId,
      status: session.status,
      mode: session.mode,
      amount_total: session.amount,
      currency: session.currency,
      email: session.email,
      plan: {
        id: plan.planId,
        name: plan.name,
        description: plan.description,
        price_usd: plan.price_usd,
        monthly_credits: plan.monthly_credits,
        one_time_credits: plan.one_time_credits,
        is_one_time: plan.is_one_time,
      },
    };
  });

  app.post('/sessions/:id/pay', { schema: { tags: ['stripe'], params: SimSessionParams, response: { 200: SimRedirect } } }, async (request) => {
    const session = await ownSession(request.params.id, request.user!.id);
    if (session.mode === 'subscription' && session.status === 'open') {
      // A second tab's checkout, paid after the first: Stripe would refuse an expired session; so do we.
      const org = await loadOrg(app.store, session.orgId);
      if (org.plan?.subscriptionId) throw new ConflictError('Your organization already has a monthly plan: change it from the pricing page');
      const lock = await loadState(app.store, checkoutLockDecider, checkoutLockStreamId(session.orgId));
      if (lock.open?.sessionId !== session.sessionId) throw new ConflictError('This checkout was replaced by a newer one: pick a plan again');
    }
    const outcome = await app.commands.run(
      simCheckoutDecider,
      simCheckoutStreamId(session.sessionId),
      { type: 'PaySimCheckout', data: paidIds(session, new Date().toISOString()) },
      { metadata: app.commands.metadata(request) },
    );
    // Delivered again on a repeat (their ids are fixed, so the webhook drops what it already has).
    const paid = outcome.state.exists ? outcome.state.paid : null;
    if (paid) for (const event of paymentEvents(session, paid)) await deliver(app, event);
    return { url: '/subscribed' };
  });

  app.post('/portal/cancel', { schema: { tags: ['stripe'], response: { 200: SimRedirect } } }, async (request) => simSetCancelAtPeriodEnd(app, request.user!, true));
  app.post('/portal/resume', { schema: { tags: ['stripe'], response: { 200: SimRedirect } } }, async (request) => simSetCancelAtPeriodEnd(app, request.user!, false));

  app.post('/sessions/:id/cancel', { schema: { tags: ['stripe'], params: SimSessionParams, response: { 200: SimRedirect } } }, async (request) => {
    const session = await ownSession(request.params.id, request.user!.id);
    await app.commands.run(
      simCheckoutDecider,
      simCheckoutStreamId(session.sessionId),
      { type: 'CancelSimCheckout', data: { sessionId: session.sessionId, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return { url: '/pricing' };
  });
};

export default simRoutes;
