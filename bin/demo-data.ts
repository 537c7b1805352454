import type { FastifyInstance } from 'fastify';
import { loadState } from '../services/eventstore/command-handler.ts';
import { reservationOwner } from '../services/eventstore/reservations.ts';
import { userDecider } from '../services/users/decider.ts';
import { userStreamId } from '../services/users/events.ts';
import { ensureSystemRoles, findOrRegister } from '../services/auth/accounts.ts';
import { seedDemoPlans } from '../services/plans/seed.ts';
import { seedDemoDesigner } from '../services/assistants/seed.ts';
import { seedDemoRateCard } from '../services/board/seed-rate-card.ts';
import { saveProfile } from '../services/me/profile.ts';
import { DuplicateError } from '../services/platform/errors.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', name: 'Ada Admin', orgName: 'Demo Ventures', credits: 250 };

/**
 * Demo data for `npm start`: the system roles, an admin with an organization and credits, plans,
 * advisors, a first rate card. Safe to run on every start. Answers what it added now, for people (empty: all there).
 */
export async function seedDemo(app: FastifyInstance): Promise<string[]> {
  const seeded: string[] = [];
  await ensureSystemRoles(app);
  const known = await reservationOwner(app.pg, 'email', DEMO_ADMIN.email);
  const adminId = await findOrRegister(app, { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, givenName: 'Ada', avatarUrl: null });
  if (!known) seeded.push(`the admin ${DEMO_ADMIN.email}`);
  if (await seedDemoOrganization(app, adminId)) seeded.push(`the organization ${DEMO_ADMIN.orgName} with ${DEMO_ADMIN.credits} credits`);
  const plans = await seedDemoPlans(app);
  if (plans) seeded.push(`${plans} plan${plans === 1 ? '' : 's'}`);
  if (await seedDemoDesigner(app)) seeded.push('the demo advisors and their components');
  if (await seedDemoRateCard(app)) seeded.push('a first rate card (model tokens at the board\'s default price, api.call)');
  return seeded;
}

/** True when the organization was created now. */
async function seedDemoOrganization(app: FastifyInstance, adminId: string): Promise<boolean> {
  const orgOf = async () => (await loadState(app.store, userDecider, userStreamId(adminId))).orgId;
  if (await orgOf()) return false;
  try {
    await saveProfile(app, adminId, { name: DEMO_ADMIN.name, orgName: DEMO_ADMIN.orgName }, { actor: 'system' });
  } catch (err) {
    if (err instanceof DuplicateError) return false; // someone else named an organization so
    throw err;
  }
  const orgId = await orgOf();
  if (!orgId) return false;
  await app.credits.grant(
    { orgId, amount: DEMO_ADMIN.credits, source: 'manual', kind: 'adjustment', description: 'Welcome credits', key: 'demo-welcome' },
    { metadata: { actor: 'system' } },
  );
  return true;
}
