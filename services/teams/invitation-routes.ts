import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadState } from '../eventstore/command-handler.ts';
import { reservationOwner, reserve } from '../eventstore/reservations.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { ConflictError, DomainError } from '../platform/errors.ts';
import { createMailer } from '../platform/mail.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';
import { orgAccess } from '../orgs/access.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId, type OrgState } from '../orgs/events.ts';
import { InvitationUnavailable, isOpen, type Invitation } from '../orgs/members.ts';
import { AcceptedAnswer, CreatedInvitation, InvitationList, InvitationParams, InvitationPreview, InviteBody, TokenParams } from './member-schemas.ts';
import { loadOrg } from '../orgs/stream.ts';

const tags = ['organization'];
const errors = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer, 409: ErrorAnswer, 410: ErrorAnswer };
export const INVITATION_TTL_MS = 7 * 24 * 3600 * 1000;
/** The reservation that finds an invitation's organization from its token's hash. */
const INVITATION = 'invitation';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const statusOf = (i: Invitation, at: string) => (i.status === 'pending' && !isOpen(i, at) ? ('expired' as const) : i.status);

/** The organization an invitation's token belongs to, and the invitation; a guessed or malformed token is 410. */
async function invitationOf(app: FastifyInstance, token: string): Promise<{ orgId: string; org: OrgState; invitation: Invitation; tokenHash: string }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new InvitationUnavailable();
  const tokenHash = hashToken(token);
  const orgId = await reservationOwner(app.pg, INVITATION, tokenHash);
  if (!orgId) throw new InvitationUnavailable();
  const org = await loadOrg(app.store, orgId);
  const invitation = org.invitations.find((i) => i.tokenHash === tokenHash);
  if (!invitation) throw new InvitationUnavailable();
  return { orgId, org, invitation, tokenHash };
}

class AccountDisabled extends DomainError {
  constructor() {
    super(403, 'forbidden', 'Your account has been disabled: an invitation cannot activate it', { error: 'forbidden', reason: 'disabled' });
  }
}

const publicUrl = (app: FastifyInstance, request: FastifyRequest) => app.config.APP_URL?.replace(/\/$/, '') ?? `${request.protocol}://${request.headers.host}`;

/** /api/me/org/invitations: an owner invites by email; the link is shown once (and emailed when SMTP is configured). */
export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', app.requireOrgRole('owner'));
  const mailer = createMailer(app.config.SMTP_URL, app.config.MAIL_FROM);

  app.post('/', { schema: { tags, body: InviteBody, response: { 201: CreatedInvitation, ...errors } } }, async (request, reply) => {
    const { orgId, org } = await orgAccess(app, request, 'owner');
    const email = request.body.email.trim().toLowerCase();
    const { role } = request.body;
    // Inviting someone already here would send them a link that can only answer already_in_organization.
    const account = await reservationOwner(app.pg, 'email', email);
    if (account && org.members[account]) {
      throw new ConflictError(`${email} is already a member of this organization`, { error: 'already_member' });
    }
    const token = randomBytes(32).toString('base64url');
    const tokenHash = hashToken(token);
    const id = randomUUID();
    const at = new Date();
    const expiresAt = new Date(at.getTime() + INVITATION_TTL_MS).toISOString();
    await app.commands.transaction(async (tx) => {
      await reserve(tx.client, INVITATION, tokenHash, orgId, 'token');
      await tx.run(orgDecider, orgStreamId(orgId), { type: 'CreateInvitation', data: { orgId, invitationId: id, email, role, tokenHash, expiresAt, at: at.toISOString() } }, { metadata: app.commands.metadata(request) });
    });
    const url = `${publicUrl(app, request)}/join/${token}`;
    let emailed = false;
    if (mailer.configured) {
      const text = `${request.user!.name} invited you to join ${org.name} on the advisory board as ${role}.\n\nAccept within 7 days: ${url}\n\nSign in with ${email} to accept.`;
      emailed = await mailer.send({ to: email, subject: `Join ${org.name} on the advisory board`, text }).then(
        () => true,
        (err: unknown) => {
          request.log.warn({ err }, 'could not email an invitation (the link was shown to the inviter)');
          return false;
        },
      );
    }
    return reply.status(201).send({ id, email, role, token, url, expiresAt, emailed });
  });

  app.get('/', { schema: { tags, response: { 200: InvitationList, ...errors } } }, async (request) => {
    const { org } = await orgAccess(app, request, 'owner');
    const at = new Date().toISOString();
    const data = [...org.invitations].reverse().map((i) => ({ id: i.id, email: i.email, role: i.role, status: statusOf(i, at), expiresAt: i.expiresAt }));
    return { data };
  });

  app.delete('/:id', { schema: { tags, params: InvitationParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const { orgId } = await orgAccess(app, request, 'owner');
    const { id } = request.params;
    await app.commands.run(orgDecider, orgStreamId(orgId), { type: 'RevokeInvitation', data: { orgId, invitationId: id, at: new Date().toISOString() } }, { metadata: app.commands.metadata(request) });
    return reply.status(204).send(null);
  });
};

/** /api/invitations/{token}: what the /join page shows, and accepting (a signed-in account, active or new). */
export const acceptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:token', { schema: { tags, params: TokenParams, response: { 200: InvitationPreview, 410: ErrorAnswer } } }, async (request) => {
    const { org, invitation } = await invitationOf(app, request.params.token);
    const at = new Date().toISOString();
    return { orgName: org.name, email: invitation.email, role: invitation.role, status: statusOf(invitation, at), expiresAt: invitation.expiresAt };
  });

  app.post('/:token/accept', { schema: { tags, params: TokenParams, response: { 200: AcceptedAnswer, 401: ErrorAnswer, ...errors } } }, async (request) => {
    const user = request.user;
    if (!user) throw new DomainError(401, 'unauthenticated', 'Sign in first', { reason: 'unauthenticated' });
    const { orgId, tokenHash } = await invitationOf(app, request.params.token);
    const account = await loadState(app.store, userDecider, userStreamId(user.id));
    if (account.disabled) throw new AccountDisabled();
    const at = new Date().toISOString();
    const metadata = app.commands.metadata(request);
    await app.commands.transaction(async (tx) => {
      await tx.run(orgDecider, orgStreamId(orgId), { type: 'AcceptInvitation', data: { orgId, tokenHash, userId: user.id, email: account.email, at } }, { metadata });
      await tx.run(userDecider, userStreamId(user.id), { type: 'JoinOrganization', data: { userId: user.id, orgId, at } }, { metadata });
      // An invited person does not wait for an admin: accepting activates the account.
      await tx.run(userDecider, userStreamId(user.id), { type: 'SetUserActive', data: { userId: user.id, active: true, at } }, { metadata });
    });
    return { orgId };
  });
};
