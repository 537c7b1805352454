import type { FastifyInstance } from 'fastify';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId, type OrgState } from '../orgs/events.ts';
import type { OrgRole } from '../orgs/members.ts';

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

/**
 * An admin puts an existing account in an organization with a role (both streams, together); the
 * metadata names the admin. A new account (never enabled) is enabled by it, as accepting an
 * invitation does; one an admin disabled stays disabled.
 */
export async function addMember(app: FastifyInstance, orgId: string, userId: string, role: OrgRole, metadata: EventMetadata, activate: boolean): Promise<OrgState> {
  const at = new Date().toISOString();
  return app.commands.transaction(async (tx) => {
    const outcome = await tx.run(orgDecider, orgStreamId(orgId), { type: 'AddMember', data: { orgId, userId, role, via: 'admin', at } }, { metadata });
    await tx.run(userDecider, userStreamId(userId), { type: 'JoinOrganization', data: { userId, orgId, at } }, { metadata });
    if (activate) await tx.run(userDecider, userStreamId(userId), { type: 'SetUserActive', data: { userId, active: true, at } }, { metadata });
    return outcome.state;
  });
}
