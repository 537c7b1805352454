import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orgApiKeys } from '../../projections/api-keys/queries.ts';
import { memberOrg } from '../platform/member.ts';
import { apiKeyDecider } from './decider.ts';
import { apiKeyStreamId } from './events.ts';
import { createKey } from './keys.ts';
import { CreateKeyBody, CreatedKey, KeyList, KeyParams, OrgKeyParams, OrgParams, RevokedKey } from './schemas.ts';

/** Revokes at once: this process drops the key before answering, the others within a notification. */
async function revoke(app: FastifyInstance, request: FastifyRequest, keyId: string, orgId: string) {
  const outcome = await app.commands.run(
    apiKeyDecider,
    apiKeyStreamId(keyId),
    { type: 'RevokeApiKey', data: { keyId, orgId, revokedBy: request.user!.id, at: new Date().toISOString() } },
    { metadata: app.commands.metadata(request) },
  );
  return { id: keyId, revokedAt: outcome.state.revokedAt! };
}

/** An owner or a billing member of an organization manages its keys; the secret is shown once, at creation. */
export const meApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', app.requireOrgRole('billing'));

  app.get('/', { schema: { tags: ['api keys'], response: { 200: KeyList } } }, async (request) => {
    const orgId = request.user!.organization_id;
    return orgId ? orgApiKeys(app.readPg, orgId) : [];
  });

  app.post('/', { schema: { tags: ['api keys'], body: CreateKeyBody, response: { 201: CreatedKey } } }, async (request, reply) => {
    const user = request.user!;
    const orgId = memberOrg(user);
    const created = await app.commands.transaction((tx) =>
      createKey(tx, { orgId, name: request.body.name, createdBy: user.id, metadata: app.commands.metadata(request) }),
    );
    return reply.status(201).send(created);
  });

  app.delete('/:id', { schema: { tags: ['api keys'], params: KeyParams, response: { 200: RevokedKey } } }, async (request) =>
    revoke(app, request, request.params.id, memberOrg(request.user)),
  );
};

/** Admins see an organization's keys (never the secret) and revoke them. */
export const adminApiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/api-keys',
    { onRequest: app.requirePermission('admin.orgs.view'), schema: { tags: ['api keys', 'admin'], params: OrgParams, response: { 200: KeyList } } },
    async (request) => orgApiKeys(app.readPg, request.params.id),
  );

  app.delete(
    '/:id/api-keys/:keyId',
    { onRequest: app.requirePermission('admin.orgs.edit'), schema: { tags: ['api keys', 'admin'], params: OrgKeyParams, response: { 200: RevokedKey } } },
    async (request) => revoke(app, request, request.params.keyId, request.params.id),
  );
};
