import type { FastifyInstance } from 'fastify';
import { ensureSystemRoles, findOrRegister } from './auth/accounts.ts';
import { seedDemoPlans } from './plans/seed.ts';
import { seedDemoDesigner } from './assistants/seed.ts';

export const DEMO_ADMIN = { email: 'admin@example.com', name: 'Ada Admin' };

/** Demo data for `npm start`: the system roles, an admin account. Safe to run on every start. */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  await ensureSystemRoles(app);
  await findOrRegister(app, { email: DEMO_ADMIN.email, name: DEMO_ADMIN.name, givenName: 'Ada', avatarUrl: null });
  await seedDemoPlans(app);
  await seedDemoDesigner(app);
}
