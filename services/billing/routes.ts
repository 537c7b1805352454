import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appUrl, createCheckout, lazyStripe } from './checkout.ts';
import { createPortalSession } from './portal.ts';
import { CheckoutAnswer, CheckoutBody, PortalAnswer } from './schemas.ts';
import simRoutes from './simulator/routes.ts';
import webhookRoute from './webhook-route.ts';

/** Checkout, Stripe's webhook and the local checkout simulator, under /api/stripe. */
const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const stripe = lazyStripe(app);

  app.post(
    '/create-checkout-session',
    { onRequest: [app.requireUser, app.requireOrgRole('billing')], schema: { tags: ['stripe'], body: CheckoutBody, response: { 200: CheckoutAnswer } } },
    async (request) => createCheckout(app, request, request.user!, request.body.subscriptionId, stripe),
  );

  app.post(
    '/create-portal-session',
    { onRequest: [app.requireUser, app.requireOrgRole('billing')], schema: { tags: ['stripe'], response: { 200: PortalAnswer } } },
    async (request) => createPortalSession(app, request, request.user!, stripe, `${appUrl(app, request)}/profile`),
  );

  await app.register(webhookRoute);
  await app.register(simRoutes, { prefix: '/sim' });
};

export default stripeRoutes;
