import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loadState } from '../eventstore/command-handler.ts';
import { reservationOwner } from '../eventstore/reservations.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { userDecider } from '../users/decider.ts';
import { accountStatus, userStreamId } from '../users/events.ts';
import { loadOrg } from '../orgs/stream.ts';
import { addMember, membersOf, removeMember } from './membership.ts';
import { AdminAddMemberBody, AdminMemberParams, AdminOrgParams, MemberList, RemovedAnswer } from './member-schemas.ts';

const tags = ['admin'];
const errors = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer };

/**
 * /api/admin/orgs/{id}/members: an admin reads an organization's members, adds an existing account
 * (by email or id, with a role) or removes one. Each change is on the organization's stream with
 * the admin as its actor; an organization still keeps an owner (409 last_owner).
 */
const adminMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  const view = app.requirePermission('admin.orgs.view');
  const edit = app.requirePermission('admin.orgs.edit');

  /** The organization, or 404 (a malformed id is 404 from the route's schema). */
  const orgOf = async (id: string) => {
    const org = await loadOrg(app.store, id);
    if (!org.exists) throw new NotFoundError('Organization');
    return org;
  };

  app.get('/:id/members', { onRequest: view, schema: { tags, params: AdminOrgParams, response: { 200: MemberList, ...errors } } }, async (request) => ({
    data: await membersOf(app, await orgOf(request.params.id)),
  }));

  app.post(
    '/:id/members',
    { onRequest: edit, schema: { tags, params: AdminOrgParams, body: AdminAddMemberBody, response: { 201: MemberList, ...errors } } },
    async (request, reply) => {
      const { id } = request.params;
      await orgOf(id);
      const { email, userId: givenId, role } = request.body;
      if ((email === undefined) === (givenId === undefined)) throw new ValidationError('Give either the email or the userId of an existing account', 'email');
      const userId = email !== undefined ? await reservationOwner(app.pg, 'email', email.trim().toLowerCase()) : givenId!;
      if (!userId && email !== undefined) throw new DomainError(404, 'not_found', 'No account has this email: the person signs in once first (or send them an invitation)');
      if (!userId || !isUuid(userId)) throw new NotFoundError('User');
      const user = await loadState(app.store, userDecider, userStreamId(userId));
      if (!user.exists) throw new NotFoundError('User');
      if (user.orgId && user.orgId !== id) {
        throw new ConflictError('This account already belongs to another organization: remove it from that one first', { error: 'already_in_organization' });
      }
      const org = await addMember(app, id, userId, role, app.commands.metadata(request), accountStatus(user) === 'pending');
      return reply.status(201).send({ data: await membersOf(app, org) });
    },
  );

  app.delete(
    '/:id/members/:userId',
    { onRequest: edit, schema: { tags, params: AdminMemberParams, response: { 200: RemovedAnswer, ...errors } } },
    async (request) => {
      const { id, userId } = request.params;
      const org = await orgOf(id);
      if (!org.members[userId]) throw new NotFoundError('Member');
      await removeMember(app, id, userId, 'removed', app.commands.metadata(request));
      return { userId, removed: true as const };
    },
  );
};

export default adminMemberRoutes;
