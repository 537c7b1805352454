import { randomUUID } from 'node:crypto';
import { sign } from '@fastify/cookie';
import pg from 'pg';
import { dropDatabase, ensureDatabase, migrate } from '../migrations/run.ts';
import { ensureProjections } from '../projections/projector.ts';
import { createSession, SESSION_COOKIE } from '../services/auth/sessions.ts';
import type { Config } from '../services/platform/config.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { orgStreamId } from '../services/orgs/events.ts';
import { projectionsCaughtUp } from '../projections/status.ts';
import { userStreamId } from '../services/users/events.ts';

export { dropDatabase };

/** A fresh, migrated database of the benchmark's own. */
export async function freshDatabase(url: string): Promise<void> {
  await dropDatabase(url);
  await ensureDatabase(url);
  await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await ensureProjections(pool);
  await pool.end();
}

export interface Member {
  userId: string;
  orgId: string;
  cookie: string;
}

/** Active members, each in an organization with `credits`, signed in: written straight to the log. */
export async function seedMembers(store: EventStore, pool: pg.Pool, config: Config, count: number, credits: number): Promise<Member[]> {
  const members: Member[] = [];
  const at = new Date().toISOString();
  for (let i = 0; i < count; i += 50) {
    const chunk = await Promise.all(
      Array.from({ length: Math.min(50, count - i) }, async (_, j) => {
        const userId = randomUUID();
        const orgId = randomUUID();
        const email = `bench-${i + j}-${userId.slice(0, 6)}@example.com`;
        await store.append(
          orgStreamId(orgId),
          [
            { type: 'OrganizationCreated', data: { orgId, name: `Bench org ${i + j} ${orgId.slice(0, 6)}`, createdBy: userId, at } },
            { type: 'CreditsGranted', data: { orgId, amount: credits, kind: 'purchase', description: 'bench', key: null, balanceAfter: credits, at } },
          ],
          { expected: 'no_stream', snapshot: undefined },
        );
        await store.append(
          userStreamId(userId),
          [
            { type: 'UserRegistered', data: { userId, email, name: 'Bench', givenName: 'Bench', avatarUrl: null, active: true, at } },
            { type: 'UserJoinedOrganization', data: { userId, orgId, at } },
          ],
          { expected: 'no_stream' },
        );
        const sessionId = await createSession(pool, userId);
        return { userId, orgId, cookie: `${SESSION_COOKIE}=${encodeURIComponent(sign(sessionId, config.SESSION_SECRET))}` };
      }),
    );
    members.push(...chunk);
  }
  return members;
}

/** Waits until every live read model has passed the head of the log. */
export async function waitForProjections(pool: pg.Pool, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await projectionsCaughtUp(pool)) return;
    if (Date.now() > until) throw new Error('projections did not catch up');
    await new Promise((r) => setTimeout(r, 50));
  }
}
