import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';
import { orgAccess } from '../orgs/access.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId, type OrgState } from '../orgs/events.ts';
import type { OrgRole } from '../orgs/members.ts';
import { LeftAnswer, MemberList, MemberParams, RemovedAnswer, RoleBody } from './member-schemas.ts';

const tags = ['organization'];
const errors = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/** The members with their names and emails (from their own streams, so a change shows in its own answer). */
export async function membersOf(app: FastifyInstance, org: OrgState) {
  const members = await Promise.all(
    Object.entries(org.members).map(async ([userId, m]) => {
      const user = await loadState(app.store, userDecider, userStreamId(userId));
      return { userId, name: user.name, email: user.email, role: m.role, joinedAt: m.joinedAt };
    }),
  );
  return members.sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}

/**
 * Takes a member out of the organization and the organization out of the user's stream, together:
 * their next request on any API process has no organization (the user's stream notifies every
 * process's identity cache). They keep their account and may name a new organization.
 */
export async function removeMember(app: FastifyInstance, orgId: string, userId: string, reason: 'left' | 'removed', metadata: EventMetadata): Promise<void> {
  const at = new Date().toISOString();
  await app.commands.transaction(async (tx) => {
    await tx.run(orgDecider, orgStreamId(orgId), { type: 'RemoveMember', data: { orgId, userId, reason, at } }, { metadata });
    await tx.run(userDecider, userStreamId(userId), { type: 'LeaveOrganization', data: { userId, orgId, at } }, { metadata });
  });
}

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
