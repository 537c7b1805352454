import type { FastifyInstance } from 'fastify';
import authRoutes from '../auth/routes.ts';
import creditRoutes from '../orgs/credit-routes.ts';
import projectRoutes from '../projects/routes.ts';
import healthRoutes from './health.ts';

/** Every slice's routes and where they are mounted. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(projectRoutes, { prefix: '/api/projects' });
  await app.register(creditRoutes);
}
