import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorAnswer } from '../credits/schemas.ts';
import { orgAccess } from '../orgs/access.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import type { OrgRole } from '../orgs/members.ts';
import { membersOf, removeMember } from './membership.ts';
import { LeftAnswer, MemberList, MemberParams, RemovedAnswer, RoleBody } from './member-schemas.ts';

const tags = ['organization'];
const errors = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** /api/me/org: the members of the caller's organization, their roles, and leaving it. */
const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const ownerOnly = app.requireOrgRole('owner');
  const metadata = (request: FastifyRequest) => app.commands.metadata(request);

  app.get('/members', { schema: { tags, response: { 200: MemberList, ...errors } } }, async (request) => {
    const { org } = await orgAccess(app, request);
    return { data: await membersOf(app, org) };
  });

  app.put(
    '/members/:userId',
    { onRequest: ownerOnly, schema: { tags, params: MemberParams, body: RoleBody, response: { 200: MemberList.shape.data.element, ...errors } } },
    async (request) => {
      const { orgId } = await orgAccess(app, request, 'owner');
      const { userId } = request.params;
      const role: OrgRole = request.body.role;
      const outcome = await app.commands.run(orgDecider, orgStreamId(orgId), { type: 'ChangeMemberRole', data: { orgId, userId, role, at: new Date().toISOString() } }, { metadata: metadata(request) });
      const member = (await membersOf(app, outcome.state)).find((m) => m.userId === userId)!;
      return member;
    },
  );

  app.delete(
    '/members/:userId',
    { onRequest: ownerOnly, schema: { tags, params: MemberParams, response: { 200: RemovedAnswer, ...errors } } },
    async (request) => {
      const { orgId } = await orgAccess(app, request, 'owner');
      const { userId } = request.params;
      await removeMember(app, orgId, userId, 'removed', metadata(request));
      return { userId, removed: true as const };
    },
  );

  app.post('/leave', { schema: { tags, response: { 200: LeftAnswer, ...errors } } }, async (request) => {
    const { orgId } = await orgAccess(app, request);
    await removeMember(app, orgId, request.user!.id, 'left', metadata(request));
    return { left: true as const };
  });
};

export default memberRoutes;
