import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { loadState, stateOf } from '../eventstore/command-handler.ts';
import { release, reserve } from '../eventstore/reservations.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId, type OrgState } from '../orgs/events.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId } from '../plans/events.ts';
import { recentTransactions, recentUsage } from '../../projections/ledger/queries.ts';
import { userWithOrganization } from '../../projections/users/queries.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';
import { OrgRoleRequired } from '../orgs/access.ts';
import { loadOrg } from '../orgs/stream.ts';

export const ORG_NAME = 'org_name';
const RECENT = 20;

/**
 * Saves the profile form in one transaction: the user's name, and the organization's name.
 * Without an organization a name creates one (active, no plan, no credits) and joins it;
 * with one, only an owner may rename it (anyone else is 403 and nothing changes, their own name neither).
 * Names are unique (case-insensitive): a clash is `duplicate orgName`.
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
    if (org.members[userId]?.role !== 'owner') throw new OrgRoleRequired('owner');
    await release(tx.client, ORG_NAME, org.name, orgId);
    await reserve(tx.client, ORG_NAME, orgName, orgId, 'orgName');
    await tx.run(orgDecider, orgStreamId(orgId), { type: 'RenameOrganization', data: { orgId, name: orgName, at } }, { metadata });
  });
}

/** Only while no plan is current (a later subscription clears it in the read model anyway). */
const cancelledPlan = (row: { subscription: unknown; cancelled_plan: { name: string; cancelled_at: string } | null } | null) =>
  !row || row.subscription || !row.cancelled_plan ? null : { name: row.cancelled_plan.name, cancelled_at: new Date(row.cancelled_plan.cancelled_at).toISOString() };

/** The organization's plan as the spec shows it, from its stream (the description from the plan's own). */
async function subscriptionOf(app: FastifyInstance, plan: OrgState['plan']) {
  if (!plan) return null;
  const described = await loadState(app.store, planDecider, planStreamId(plan.planId));
  return { id: plan.planId, name: plan.name, description: described.exists ? described.description : '', monthly_credits: plan.monthlyCredits, is_one_time: plan.isOneTime };
}

/**
 * The profile page's data: who the user is and their organization from the streams (so a command's
 * answer and a page read right after it never wait for a worker), recent activity from the read models.
 * With the organization the caller's identity names (`orgHint`), the streams and the read models are
 * read at once: one round trip before the plan's (the hint is checked against the user's stream, and
 * a stale one is read again the long way).
 */
export async function loadProfile(app: FastifyInstance, userId: string, orgHint: string | null = null) {
  const streams = [{ streamId: userStreamId(userId), snapshotVersion: userDecider.snapshotVersion }];
  if (orgHint) streams.push({ streamId: orgStreamId(orgHint), snapshotVersion: orgDecider.snapshotVersion });
  const [loaded, hinted] = await Promise.all([app.store.loadMany(streams), orgHint ? readModelsOf(app, userId, orgHint) : null]);
  const user = stateOf(userDecider, loaded.get(userStreamId(userId))!);
  if (!user.exists) return null;
  const orgId = user.orgId;
  const org = !orgId ? null : orgId === orgHint ? stateOf(orgDecider, loaded.get(orgStreamId(orgId))!) : await loadOrg(app.store, orgId);
  const [row, transactions, usage] = !orgId ? [null, [], []] : orgId === orgHint ? hinted! : await readModelsOf(app, userId, orgId);
  const credits = org?.exists ? org.balance : 0;
  return {
    id: userId,
    name: user.name,
    given_name: user.givenName,
    email: user.email,
    avatar_url: user.avatarUrl,
    organization_id: orgId,
    organization:
      orgId && org?.exists
        ? { id: orgId, name: org.name, credits, is_active: org.active, subscription: await subscriptionOf(app, org.plan), cancelled_plan: org.plan ? null : cancelledPlan(row), role: org.members[userId]?.role ?? 'member' }
        : null,
    credits,
    transactions,
    usage,
  };
}

const readModelsOf = (app: FastifyInstance, userId: string, orgId: string) =>
  Promise.all([userWithOrganization(app.readPg, userId), recentTransactions(app.readPg, orgId, RECENT), recentUsage(app.readPg, orgId, RECENT)]);
