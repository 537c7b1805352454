import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointOrg, orgEndpoints } from '../../projections/webhook-outbox/queries.ts';
import { NotFoundError } from '../platform/errors.ts';
import { memberOrg } from '../platform/member.ts';
import { webhookEndpointDecider } from './decider.ts';
import { deliveryLog, resend } from './deliveries.ts';
import { WEBHOOK_EVENT_TYPES, webhookEndpointStreamId } from './events.ts';
import {
  AdminDeliveryParams,
  AdminEndpointParams,
  CreateEndpointBody,
  CreatedEndpoint,
  DeliveryLog,
  DeliveryParams,
  EndpointList,
  EndpointParams,
  OrgParams,
  Removed,
  Resent,
} from './schemas.ts';
import { checkWebhookUrl } from './urls.ts';

/** The endpoint, when it is this organization's; 404 otherwise (another organization's is not told apart from none). */
async function ownEndpoint(app: FastifyInstance, orgId: string, endpointId: string): Promise<string> {
  if ((await endpointOrg(app.pg, endpointId)) !== orgId) throw new NotFoundError('Webhook endpoint');
  return endpointId;
}

async function resendOne(app: FastifyInstance, endpointId: string, messageId: string) {
  if (!(await resend(app.pg, endpointId, messageId))) throw new NotFoundError('Delivery');
  return { messageId, status: 'pending' as const };
}

/** An organization's webhook endpoints: any active member manages them; the secret is shown once. */
export const meWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', app.requireOrgRole('billing'));

  app.get('/', { schema: { tags: ['webhooks'], response: { 200: EndpointList } } }, async (request) => {
    const orgId = request.user!.organization_id;
    return orgId ? orgEndpoints(app.pg, orgId) : [];
  });

  app.post('/', { schema: { tags: ['webhooks'], body: CreateEndpointBody, response: { 201: CreatedEndpoint } } }, async (request, reply) => {
    const user = request.user!;
    const orgId = memberOrg(user);
    const url = await checkWebhookUrl(request.body.url, { production: app.config.NODE_ENV === 'production', allowPrivate: app.config.ALLOW_PRIVATE_WEBHOOK_URLS });
    const events = [...new Set(request.body.events ?? WEBHOOK_EVENT_TYPES)];
    const endpointId = randomUUID();
    const secret = `whsec_${randomBytes(32).toString('base64')}`;
    const at = new Date().toISOString();
    await app.commands.transaction(async (tx) => {
      await tx.run(webhookEndpointDecider, webhookEndpointStreamId(endpointId), {
        type: 'AddWebhookEndpoint',
        data: { endpointId, orgId, url: url.href, events, createdBy: user.id, at },
      }, { metadata: app.commands.metadata(request), expected: 'no_stream' });
      await tx.client.query('INSERT INTO webhook_secrets (endpoint_id, secret) VALUES ($1, $2)', [endpointId, secret]);
    });
    return reply.status(201).send({ id: endpointId, url: url.href, events, createdAt: at, secret });
  });

  app.delete('/:id', { schema: { tags: ['webhooks'], params: EndpointParams, response: { 200: Removed } } }, async (request) => {
    const orgId = memberOrg(request.user);
    await app.commands.run(webhookEndpointDecider, webhookEndpointStreamId(request.params.id), {
      type: 'RemoveWebhookEndpoint',
      data: { endpointId: request.params.id, orgId, removedBy: request.user!.id, at: new Date().toISOString() },
    }, { metadata: app.commands.metadata(request) });
    return { id: request.params.id };
  });

  app.get('/:id/deliveries', { schema: { tags: ['webhooks'], params: EndpointParams, response: { 200: DeliveryLog } } }, async (request) =>
    deliveryLog(app.pg, await ownEndpoint(app, memberOrg(request.user), request.params.id)),
  );

  app.post('/:id/deliveries/:messageId/resend', { schema: { tags: ['webhooks'], params: DeliveryParams, response: { 200: Resent } } }, async (request) =>
    resendOne(app, await ownEndpoint(app, memberOrg(request.user), request.params.id), request.params.messageId),
  );
};

/** Admins read an organization's endpoints and delivery logs, and resend. */
export const adminWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/webhook-endpoints',
    { onRequest: app.requirePermission('admin.orgs.view'), schema: { tags: ['webhooks', 'admin'], params: OrgParams, response: { 200: EndpointList } } },
    async (request) => orgEndpoints(app.pg, request.params.id),
  );
  app.get(
    '/:id/webhook-endpoints/:endpointId/deliveries',
    { onRequest: app.requirePermission('admin.orgs.view'), schema: { tags: ['webhooks', 'admin'], params: AdminEndpointParams, response: { 200: DeliveryLog } } },
    async (request) => deliveryLog(app.pg, await ownEndpoint(app, request.params.id, request.params.endpointId)),
  );
  app.post(
    '/:id/webhook-endpoints/:endpointId/deliveries/:messageId/resend',
    { onRequest: app.requirePermission('admin.orgs.edit'), schema: { tags: ['webhooks', 'admin'], params: AdminDeliveryParams, response: { 200: Resent } } },
    async (request) => resendOne(app, await ownEndpoint(app, request.params.id, request.params.endpointId), request.params.messageId),
  );
};
