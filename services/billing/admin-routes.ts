import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTestEvent } from './simulator/test-events.ts';
import { billingMode, describeStripeError, stripeClient } from './stripe.ts';
import { reconcile } from './reconcile.ts';
import { StripeCallFailed } from './plan-change.ts';
import { retryStripeEvent } from './retry.ts';
import { NotFoundError } from '../platform/errors.ts';
import { PageQuery, paged } from '../platform/paging.ts';
import { pagePayments } from '../../projections/payments/queries.ts';
import { pageWebhookLog, webhookLogEntry } from '../../projections/webhooks/queries.ts';
import { billingOf } from './billing-view.ts';
import {
  Billing,
  OrgBillingParams,
  ReconcileBody,
  ReconcileReport,
  PaymentTransaction,
  RetryAnswer,
  SimulatorStatus,
  StripeEventParams,
  TestEventAnswer,
  TestEventBody,
  WebhookLogDetail,
  WebhookLogParams,
  WebhookLogRow,
} from './schemas.ts';

/** Payments and the webhook log for admins; in simulator mode, signed test events. */
const adminStripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.stripe.view');

  app.get(
    '/orgs/:orgId/billing',
    { onRequest: view, schema: { tags: ['admin'], params: OrgBillingParams, response: { 200: Billing } } },
    async (request) => billingOf(app, request.params.orgId),
  );

  app.get(
    '/transactions',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: paged(PaymentTransaction) } } },
    async (request) => pagePayments(app.readPg, request.query),
  );

  app.get(
    '/webhook-log',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: paged(WebhookLogRow) } } },
    async (request) => pageWebhookLog(app.readPg, request.query),
  );

  app.get(
    '/webhook-log/:id',
    { onRequest: view, schema: { tags: ['admin'], params: WebhookLogParams, response: { 200: WebhookLogDetail } } },
    async (request) => {
      const entry = await webhookLogEntry(app.readPg, request.params.id);
      if (!entry) throw new NotFoundError('Webhook event');
      return entry;
    },
  );

  app.post(
    '/events/:eventId/retry',
    { onRequest: app.requirePermission('admin.stripe.edit'), schema: { tags: ['admin'], params: StripeEventParams, response: { 200: RetryAnswer } } },
    async (request) => retryStripeEvent(app, request.params.eventId, app.commands.metadata(request)),
  );

  app.post(
    '/reconcile',
    { onRequest: app.requirePermission('admin.stripe.edit'), schema: { tags: ['admin'], body: ReconcileBody, response: { 200: ReconcileReport } } },
    async (request) => {
      const stripe = billingMode(app.config) === 'stripe' ? stripeClient(app.config) : null;
      const deps = { pool: app.pg, store: app.store, credits: app.credits, log: request.log };
      try {
        return await reconcile(deps, stripe, request.body?.orgId);
      } catch (err) {
        if (!(err as { type?: string })?.type?.startsWith('Stripe')) throw err;
        request.log.warn({ stripe: describeStripeError(err) }, 'stripe reconciliation failed');
        throw new StripeCallFailed('list the subscriptions and invoices');
      }
    },
  );

  app.get('/simulator', { onRequest: view, schema: { tags: ['admin'], response: { 200: SimulatorStatus } } }, async () => {
    const mode = billingMode(app.config);
    return { mode, testEvents: mode === 'simulator' };
  });

  app.post(
    '/test-events',
    { onRequest: app.requirePermission('admin.stripe.edit'), schema: { tags: ['admin'], body: TestEventBody, response: { 200: TestEventAnswer } } },
    async (request) => {
      if (billingMode(app.config) !== 'simulator') throw new NotFoundError('Test events (the checkout simulator is off)');
      const event = await sendTestEvent(app, request.body.orgId, request.body.kind);
      return { eventId: event.id, type: event.type };
    },
  );
};

export default adminStripeRoutes;
