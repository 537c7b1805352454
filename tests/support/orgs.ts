import { randomUUID } from 'node:crypto';
import { reserve } from '../../services/eventstore/reservations.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { userDecider } from '../../services/users/decider.ts';
import { userStreamId } from '../../services/users/events.ts';
import type { TestApp } from './app.ts';
import { signIn, type Client } from './http.ts';
import { waitFor } from './processes.ts';

const at = () => new Date().toISOString();

/** Creates an organization and makes the user (by id) join it, through the real commands. */
export async function createOrgFor(t: TestApp, userId: string, name = `Org ${randomUUID().slice(0, 8)}`): Promise<string> {
  const orgId = randomUUID();
  await t.app.commands.transaction(async (tx) => {
    await tx.run(orgDecider, orgStreamId(orgId), { type: 'CreateOrganization', data: { orgId, name, createdBy: userId, at: at() } }, {
      metadata: { actor: 'test' },
      expected: 'no_stream',
    });
    await reserve(tx.client, 'org_name', name, orgId, 'orgName');
    await tx.run(userDecider, userStreamId(userId), { type: 'JoinOrganization', data: { userId, orgId, at: at() } }, { metadata: { actor: 'test' } });
  });
  return orgId;
}

export async function grantCredits(t: TestApp, orgId: string, amount: number, kind: 'purchase' | 'adjustment' = 'purchase') {
  await t.app.credits.grant({ orgId, amount, kind, source: kind === 'adjustment' ? 'manual' : 'purchase', description: 'test grant' }, { metadata: { actor: 'test' } });
}

/** A signed-in user's id, once the users read model has caught up with the sign-in. */
export const userIdOf = (t: TestApp, email: string): Promise<string> =>
  waitFor(`the user ${email}`, async () => (await t.db.query('SELECT id FROM users WHERE email = $1', [email.toLowerCase()])).rows[0]?.id as string | undefined);

/** An active member (signed in through an admin email's twin: activated by command) with an organization and credits. */
export async function memberWithOrg(t: TestApp, email: string, credits = 0): Promise<{ client: Client; userId: string; orgId: string }> {
  let client = await signIn(t.url, email);
  const userId = await userIdOf(t, email);
  await t.app.commands.run(userDecider, userStreamId(userId), { type: 'SetUserActive', data: { userId, active: true, at: at() } }, {
    metadata: { actor: 'test' },
  });
  const orgId = await createOrgFor(t, userId);
  if (credits > 0) await grantCredits(t, orgId, credits);
  client = await signIn(t.url, email);
  return { client, userId, orgId };
}
