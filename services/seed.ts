import type { FastifyInstance } from 'fastify';
import { ensureSystemRoles, findOrRegister } from './auth/accounts.ts';
import { seedDemoPlans } from './plans/seed.ts';
import { seedDemoDesigner } from './assistants/seed.ts';
import { saveProfile } from './me/profile.ts';
import { orgDecider } from './orgs/decider.ts';
import { orgStreamId } from './orgs/events.ts';
import { DuplicateError } from './eventstore/errors.ts';

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
  const current = await app.pg.query('SELECT organization_id FROM users WHERE id = $1', [adminId]);
  if (current.rows[0]?.organization_id) return;
  try {
    await saveProfile(app, adminId, { name: DEMO_ADMIN.name, orgName: DEMO_ADMIN.orgName }, { actor: 'system' });
  } catch (err) {
    if (err instanceof DuplicateError) return; // someone else named an organization so
    throw err;
  }
  const joined = await app.pg.query('SELECT organization_id FROM users WHERE id = $1', [adminId]);
  const orgId = joined.rows[0]?.organization_id as string | undefined;
  if (!orgId) return;
  await app.commands.run(
    orgDecider,
    orgStreamId(orgId),
    { type: 'GrantCredits', data: { orgId, amount: DEMO_ADMIN.credits, kind: 'adjustment', description: 'Welcome credits', key: 'demo-welcome', at: new Date().toISOString() } },
    { metadata: { actor: 'system' } },
  );
}
