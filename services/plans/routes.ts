import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { findPlan, listPlans } from '../../projections/plans/queries.ts';
import { isPublic } from './rules.ts';
import { Plan, PlanList, PlanParams } from './schemas.ts';

/** The plans anyone may see and buy: active and not reserved for the system. */
const publicPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/public', { schema: { tags: ['subscriptions'], response: { 200: PlanList } } }, async () => listPlans(app.readPg, 'public'));

  app.get('/:id', { schema: { tags: ['subscriptions'], params: PlanParams, response: { 200: Plan } } }, async (request) => {
    const plan = await findPlan(app.readPg, request.params.id);
    if (!plan || !isPublic(plan)) throw new NotFoundError('Subscription');
    return plan;
  });
};

export default publicPlanRoutes;
