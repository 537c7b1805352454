import type { FastifyInstance } from 'fastify';
import auditRoutes from '../audit/routes.ts';
import authRoutes from '../auth/routes.ts';
import creditRoutes from '../orgs/credit-routes.ts';
import opsRoutes from '../ops/routes.ts';
import projectRoutes from '../projects/routes.ts';
import healthRoutes from './health.ts';
import meRoutes from '../me/routes.ts';
import adminOrgRoutes from '../orgs/admin-routes.ts';
import { adminPermissionRoutes, adminRoleRoutes } from '../roles/admin-routes.ts';
import adminUserRoutes from '../users/admin-routes.ts';

/** Every slice's routes and where they are mounted. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(projectRoutes, { prefix: '/api/projects' });
  await app.register(creditRoutes);
  await app.register(auditRoutes, { prefix: '/api/admin' });
  await app.register(opsRoutes, { prefix: '/api/admin' });
  await app.register(meRoutes, { prefix: '/api/me' });
  await app.register(adminOrgRoutes, { prefix: '/api/admin/orgs' });
  await app.register(adminUserRoutes, { prefix: '/api/admin/users' });
  await app.register(adminRoleRoutes, { prefix: '/api/admin/roles' });
  await app.register(adminPermissionRoutes, { prefix: '/api/admin/permissions' });
}
