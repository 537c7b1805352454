import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Decider } from '../eventstore/decider.ts';
import { release, reserve } from '../eventstore/reservations.ts';
import type { Queryable } from '../eventstore/store.ts';
import type { DomainEvent, EventMetadata } from '../eventstore/types.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import { subscriptionSql } from '../orgs/subscription.ts';
import { userDecider } from '../users/decider.ts';
import { userStreamId } from '../users/events.ts';

export const ORG_NAME = 'org_name';
const RECENT = 20;

async function currentState<C, E extends DomainEvent, S>(app: FastifyInstance, decider: Decider<C, E, S>, streamId: string, client: Queryable) {
  const loaded = await app.store.load(streamId, { snapshotVersion: decider.snapshotVersion, client });
  let state = (loaded.snapshot as S | undefined) ?? decider.initialState();
  for (const event of loaded.events) state = decider.evolve(state, event as unknown as E);
  return state;
}

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
    const org = await currentState(app, orgDecider, orgStreamId(orgId), tx.client);
    if (org.name === orgName) return;
    await release(tx.client, ORG_NAME, org.name, orgId);
    await reserve(tx.client, ORG_NAME, orgName, orgId, 'orgName');
    await tx.run(orgDecider, orgStreamId(orgId), { type: 'RenameOrganization', data: { orgId, name: orgName, at } }, { metadata });
  });
}

const iso = (d: Date | string) => (d instanceof Date ? d.toISOString() : new Date(d).toISOString());

/** The profile page's data, from the read models. */
export async function loadProfile(app: FastifyInstance, userId: string) {
  const sub = await subscriptionSql(app.pg, 'o');
  const res = await app.pg.query(
    `SELECT u.id, u.name, u.given_name, u.email, u.avatar_url, u.organization_id::text,
            o.id::text AS org_id, o.name AS org_name, o.credit_balance::float8 AS credits, o.is_active AS org_active,
            ${sub.select} AS subscription
       FROM users u LEFT JOIN orgs o ON o.id = u.organization_id ${sub.join}
      WHERE u.id = $1`,
    [userId],
  );
  const row = res.rows[0];
  if (!row) return null;
  const orgId: string | null = row.org_id;
  const [transactions, usage] = orgId
    ? await Promise.all([
        app.pg.query(
          `SELECT id::text, created_at, type, amount::float8 AS amount, description
             FROM credit_transactions WHERE org_id = $1 ORDER BY position DESC LIMIT ${RECENT}`,
          [orgId],
        ),
        app.pg.query(
          `SELECT id::text, created_at, credits_used::float8 AS credits_used, description
             FROM usage_records WHERE org_id = $1 ORDER BY position DESC LIMIT ${RECENT}`,
          [orgId],
        ),
      ])
    : [{ rows: [] }, { rows: [] }];
  return {
    id: row.id,
    name: row.name,
    given_name: row.given_name,
    email: row.email,
    avatar_url: row.avatar_url,
    organization_id: row.organization_id,
    organization: orgId
      ? { id: orgId, name: row.org_name, credits: row.credits, is_active: row.org_active, subscription: row.subscription }
      : null,
    credits: orgId ? row.credits : 0,
    transactions: transactions.rows.map((t) => ({ ...t, created_at: iso(t.created_at) })),
    usage: usage.rows.map((u) => ({ ...u, created_at: iso(u.created_at) })),
  };
}
