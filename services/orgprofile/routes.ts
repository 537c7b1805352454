import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import { ValidationError } from '../platform/errors.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { orgProfileDecider } from './decider.ts';
import { orgProfileStreamId } from './events.ts';
import { OrgProfileAnswer, OrgProfileBody } from './schemas.ts';

const tags = ['organization'];

/**
 * The organization's profile (industry, stage, size, goals): every advisor of the board is told it.
 * Every member reads it; only an owner changes it, as only an owner renames the organization.
 */
const orgProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  const orgOf = (orgId: string | null | undefined) => {
    if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
    return orgId;
  };

  app.get('/', { schema: { tags, response: { 200: OrgProfileAnswer, 400: ErrorAnswer } } }, async (request) =>
    loadState(app.store, orgProfileDecider, orgProfileStreamId(orgOf(request.user!.organization_id))),
  );

  app.put('/', { onRequest: app.requireOrgRole('owner'), schema: { tags, body: OrgProfileBody, response: { 200: OrgProfileAnswer, 400: ErrorAnswer, 403: ErrorAnswer } } }, async (request) => {
    const user = request.user!;
    const orgId = orgOf(user.organization_id);
    const outcome = await app.commands.run(
      orgProfileDecider,
      orgProfileStreamId(orgId),
      { type: 'SetOrgProfile', data: { orgId, ...request.body, userId: user.id, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return outcome.state;
  });
};

export default orgProfileRoutes;
