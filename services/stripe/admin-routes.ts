import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendTestEvent } from '../billing/simulator/test-events.ts';
import { billingMode } from '../billing/stripe.ts';
import { NotFoundError } from '../eventstore/errors.ts';
import { iso, pagedRows, type PagedSource } from './paging.ts';
import {
  PageQuery,
  paged,
  PaymentTransaction,
  SimulatorStatus,
  TestEventAnswer,
  TestEventBody,
  WebhookLogDetail,
  WebhookLogParams,
  WebhookLogRow,
} from './schemas.ts';

const transactions: PagedSource = {
  from: 'payment_transactions',
  columns: `id::int AS id, event_id AS "eventId", event_type AS "eventType", kind, object_id AS "objectId",
    amount_total::int AS amount_total, amount_subtotal::int AS amount_subtotal, currency, ${iso('event_created', '"eventCreated"')},
    user_id AS "userId", org_id AS "orgId", plan_id AS "planId", subscription_id AS "subscriptionId", customer, invoice,
    payment_intent AS "paymentIntent", payment_status AS "paymentStatus", mode, ${iso('created_at')}`,
  sortable: {
    id: 'id',
    eventCreated: 'event_created',
    amount_total: 'amount_total',
    currency: 'currency',
    orgId: 'org_id',
    paymentStatus: 'payment_status',
    kind: 'kind',
  },
  searchable: ['event_id', 'object_id', 'org_id', 'user_id', 'plan_id', 'subscription_id', 'customer', 'invoice', 'payment_intent', 'payment_status', 'currency', 'kind'],
};

const WEBHOOK_COLUMNS = `id::int AS id, event_id, type, status, reason, summary, org_id, livemode, ${iso('event_created')},
  ${iso('received_at')}, ${iso('processed_at')}`;

const webhookLog: PagedSource = {
  from: 'webhook_log',
  columns: WEBHOOK_COLUMNS,
  sortable: { id: 'id', type: 'type', status: 'status', received_at: 'received_at', processed_at: 'processed_at', event_created: 'event_created' },
  searchable: ['event_id', 'type', 'status', 'reason', 'org_id'],
};

/** Payments and the webhook log for admins; in simulator mode, signed test events. */
const adminStripeRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.stripe.view');

  app.get(
    '/transactions',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: paged(PaymentTransaction) } } },
    async (request) => pagedRows(app.pg, transactions, request.query),
  );

  app.get(
    '/webhook-log',
    { onRequest: view, schema: { tags: ['admin'], querystring: PageQuery, response: { 200: paged(WebhookLogRow) } } },
    async (request) => pagedRows(app.pg, webhookLog, request.query),
  );

  app.get(
    '/webhook-log/:id',
    { onRequest: view, schema: { tags: ['admin'], params: WebhookLogParams, response: { 200: WebhookLogDetail } } },
    async (request) => {
      const res = await app.pg.query(`SELECT ${WEBHOOK_COLUMNS}, raw_event FROM webhook_log WHERE id = $1`, [request.params.id]);
      if (res.rowCount === 0) throw new NotFoundError('Webhook event');
      return res.rows[0];
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
