import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { teamSpending } from '../../projections/team-spending/queries.ts';
import { periodStartOf } from '../credits/budgets.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { orgAccess } from '../orgs/access.ts';
import { TeamUsage, TeamUsageQuery } from './member-schemas.ts';

/**
 * /api/me/org/usage: what each member and each project spent this UTC month (or in all), from the
 * team-spending read model. Any member may read it.
 */
const teamUsageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);

  app.get('/', { schema: { tags: ['organization'], querystring: TeamUsageQuery, response: { 200: TeamUsage, 400: ErrorAnswer, 403: ErrorAnswer } } }, async (request) => {
    const { orgId } = await orgAccess(app, request);
    const { period } = request.query;
    const periodStart = periodStartOf(period, new Date().toISOString());
    const spending = await teamSpending(app.readPg, orgId, period === 'month' ? periodStart.slice(0, 10) : null);
    return {
      period,
      periodStart,
      total: spending.total,
      members: spending.members.map((m) => ({ userId: m.id || null, name: m.name, email: m.email, credits: m.credits })),
      projects: spending.projects.map((p) => ({ projectId: p.id || null, name: p.name, credits: p.credits })),
    };
  });
};

export default teamUsageRoutes;
