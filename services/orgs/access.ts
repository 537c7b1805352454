import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { DomainError } from '../platform/errors.ts';
import { memberOrg } from '../platform/member.ts';
import { hasRole, type OrgRole } from './members.ts';
import { loadOrg } from './stream.ts';
import type { OrgState } from './events.ts';

/** A member asked for what only an owner (or billing) may do: nothing changes. */
export class OrgRoleRequired extends DomainError {
  constructor(need: OrgRole) {
    const who = need === 'owner' ? 'an owner' : 'an owner or a billing member';
    super(403, 'forbidden', `Only ${who} of your organization may do this`, { error: 'forbidden', required: need });
  }
}

export interface OrgAccess {
  orgId: string;
  org: OrgState;
  role: OrgRole;
}

/**
 * The signed-in member's organization and role in it, read from the organization's stream (never a
 * read model); a role below `need` is 403. Roles are checked on the server for every call.
 */
export async function orgAccess(app: FastifyInstance, request: FastifyRequest, need: OrgRole = 'member'): Promise<OrgAccess> {
  const user = request.user!;
  const orgId = memberOrg(user);
  const org = await loadOrg(app.store, orgId);
  const role = org.members[user.id]?.role;
  if (!role || !hasRole(role, need)) throw new OrgRoleRequired(need);
  return { orgId, org, role };
}

/** The same as a route's onRequest hook (after requireUser), so a refused caller never learns the body's shape. */
export const requireOrgRole =
  (app: FastifyInstance, need: OrgRole): onRequestHookHandler =>
  async (request) => {
    // An API key acts for its organization as a whole (the routes that take one decide what it may do).
    // Without an organization there is nothing to manage: the route answers that itself.
    if (request.apiKey || !request.user?.organization_id) return;
    await orgAccess(app, request, need);
  };
