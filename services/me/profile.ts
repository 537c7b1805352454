import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { release, reserve } from '../eventstore/reservations.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import { recentTransactions, recentUsage } from '../../projections/ledger/queries.ts';
import { userWithOrganization } from '../../projections/users/queries.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';
import { loadOrg } from '../orgs/stream.ts';

export const ORG_NAME = 'org_name';
const RECENT = 20;

/**
 * Saves the profile form in one transaction: the user's name, and the organization's name.
 * Without an organization a name creates one (active, no plan, no credits) and joins it;
 * with one, any member may rename it. Names are unique (case-insensitive): a clash is `duplicate orgName`.
 */
export async function saveProfile(app: FastifyInstance, userId: string, input: { name: string; orgName?: string | null }, metadata: EventMetadata) {
  const at = new Date().toISOString();
  const orgName = input.orgName?.trim() ?? '';
  await app.commands.transaction(async (tx) => {
    const { state: user } = await tx.run(
      userDecider,
      userStreamId(userId),
      { type: 'UpdateUserProfile', data: { userId, name: input.name, givenName: input.name.split(/\s+/)[0], at } },
      { metadata },
    );
    if (!orgName) return;
    if (!user.orgId) {
      const orgId = randomUUID();
      await reserve(tx.client, ORG_NAME, orgName, orgId, 'orgName');
      await tx.run(orgDecider, orgStreamId(orgId), { type: 'CreateOrganization', data: { orgId, name: orgName, createdBy: userId, at } }, { metadata, expected: 'no_stream' });
      await tx.run(userDecider, userStreamId(userId), { type: 'JoinOrganization', data: { userId, orgId, at } }, { metadata });
      return;
    }
    const orgId = user.orgId;
    const org = await loadOrg(app.store, orgId, tx.client);
    if (org.name === orgName) return;
    await release(tx.client, ORG_NAME, org.name, orgId);
    await reserve(tx.client, ORG_NAME, orgName, orgId, 'orgName');
    await tx.run(orgDecider, orgStreamId(orgId), { type: 'RenameOrganization', data: { orgId, name: orgName, at } }, { metadata });
  });
}

/** Only while no plan is current (a later subscription clears it in the read model anyway). */
const cancelledPlan = (row: { subscription: unknown; cancelled_plan: { name: string; cancelled_at: string } | null }) =>
  row.subscription || !row.cancelled_plan ? null : { name: row.cancelled_plan.name, cancelled_at: new Date(row.cancelled_plan.cancelled_at).toISOString() };

/** The profile page's data, from the read models. */
export async function loadProfile(app: FastifyInstance, userId: string) {
  const row = await userWithOrganization(app.pg, userId);
  if (!row) return null;
  const orgId: string | null = row.org_id;
  const [transactions, usage] = orgId ? await Promise.all([recentTransactions(app.pg, orgId, RECENT), recentUsage(app.pg, orgId, RECENT)]) : [[], []];
  return {
    id: row.id,
    name: row.name,
    given_name: row.given_name,
    email: row.email,
    avatar_url: row.avatar_url,
    organization_id: row.organization_id,
    organization: orgId
      ? { id: orgId, name: row.org_name, credits: row.credits, is_active: row.org_active, subscription: row.subscription, cancelled_plan: cancelledPlan(row) }
      : null,
    credits: orgId ? row.credits : 0,
    transactions,
    usage,
  };
}
