import type { FastifyInstance } from 'fastify';
import auditRoutes from '../audit/routes.ts';
import authRoutes from '../auth/routes.ts';
import creditRoutes from '../orgs/credit-routes.ts';
import opsRoutes from '../ops/routes.ts';
import projectRoutes from '../projects/routes.ts';
import healthRoutes from './health.ts';
import publicPlanRoutes from '../plans/routes.ts';
import adminPlanRoutes from '../plans/admin-routes.ts';
import stripeRoutes from '../stripe/routes.ts';
import adminStripeRoutes from '../stripe/admin-routes.ts';
import componentRoutes from '../components/routes.ts';
import tagRoutes from '../tags/routes.ts';
import assistantRoutes from '../assistants/routes.ts';
import functionRoutes from '../assistants/function-routes.ts';
import advisorRoutes from '../assistants/advisor-routes.ts';
import meRoutes from '../me/routes.ts';
import adminOrgRoutes from '../orgs/admin-routes.ts';
import { adminPermissionRoutes, adminRoleRoutes } from '../roles/admin-routes.ts';
import adminUserRoutes from '../users/admin-routes.ts';

/** Every slice's routes and where they are mounted. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(projectRoutes, { prefix: '/api/projects' });
  await app.register(publicPlanRoutes, { prefix: '/api/subscriptions' });
  await app.register(adminPlanRoutes, { prefix: '/api/admin/subscriptions' });
  await app.register(stripeRoutes, { prefix: '/api/stripe' });
  await app.register(adminStripeRoutes, { prefix: '/api/admin/stripe' });
  await app.register(componentRoutes, { prefix: '/api/admin/components' });
  await app.register(tagRoutes, { prefix: '/api/admin/tags' });
  await app.register(assistantRoutes, { prefix: '/api/admin/assistants' });
  await app.register(functionRoutes, { prefix: '/api/admin/functions' });
  await app.register(advisorRoutes, { prefix: '/api/advisors' });
  await app.register(creditRoutes);
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(opsRoutes, { prefix: '/api/admin' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(adminOrgRoutes, { prefix: '/api/admin/orgs' });
  await app.register(adminUserRoutes, { prefix: '/api/admin/users' });
  await app.register(adminRoleRoutes, { prefix: '/api/admin/roles' });
  await app.register(adminPermissionRoutes, { prefix: '/api/admin/permissions' });
}
