import type { FastifyInstance } from 'fastify';
import { loadState } from '../services/eventstore/command-handler.ts';
import { userDecider } from '../services/users/decider.ts';
import { userStreamId } from '../services/users/events.ts';
import { ensureSystemRoles, findOrRegister } from '../services/auth/accounts.ts';
import { seedDemoPlans } from '../services/plans/seed.ts';
import { seedDemoDesigner } from '../services/assistants/seed.ts';
import { saveProfile } from '../services/me/profile.ts';
import { DuplicateError } from '../services/platform/errors.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', name: 'Ada Admin', orgName: 'Demo Ventures', credits: 250 };

/** Demo data for `npm start`: the system roles, an admin with an organization and credits, plans, advisors. Safe to run on every start. */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await ensureSystemRoles(app);
  const adminId = await findOrRegister(app, { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, givenName: 'Ada', avatarUrl: null });
  await seedDemoOrganization(app, adminId);
  await seedDemoPlans(app);
  await seedDemoDesigner(app);
}

async function seedDemoOrganization(app: FastifyInstance, adminId: string): Promise<void> {
  const orgOf = async () => (await loadState(app.store, userDecider, userStreamId(adminId))).orgId;
  if (await orgOf()) return;
  try {
    await saveProfile(app, adminId, { name: DEMO_ADMIN.name, orgName: DEMO_ADMIN.orgName }, { actor: 'system' });
  } catch (err) {
    if (err instanceof DuplicateError) return; // someone else named an organization so
    throw err;
  }
  const orgId = await orgOf();
  if (!orgId) return;
  await app.credits.grant(
    { orgId, amount: DEMO_ADMIN.credits, source: 'manual', kind: 'adjustment', description: 'Welcome credits', key: 'demo-welcome' },
    { metadata: { actor: 'system' } },
  );
}
