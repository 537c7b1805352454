import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { planDecider } from './decider.ts';
import { planStreamId } from './events.ts';
import { listPlans, planView } from '../../projections/plans/queries.ts';
import { CreatePlanBody, PlanList, PlanParams, PlanSaved, UpdatePlanBody } from './schemas.ts';
import { PLAN_ID } from './rules.ts';

const saved = (state: Parameters<typeof planView>[0]) => ({ success: true as const, subscription: planView(state) });

/** Admins list, create and edit every plan. */
const adminPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { onRequest: app.requirePermission('admin.subscriptions.view'), schema: { tags: ['admin'], response: { 200: PlanList } } },
    async () => listPlans(app.readPg, 'all'),
  );

  app.post(
    '/',
    {
      onRequest: app.requirePermission('admin.subscriptions.edit'),
      schema: { tags: ['admin'], body: CreatePlanBody, response: { 201: PlanSaved } },
    },
    async (request, reply) => {
      const { id, ...fields } = request.body;
      const planId = id ?? randomUUID();
      const outcome = await app.commands.run(
        planDecider,
        planStreamId(planId),
        { type: 'CreatePlan', data: { planId, ...fields, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      if (!outcome.state.exists) throw new Error('plan was not created');
      return reply.status(201).send(saved(outcome.state));
    },
  );

  app.put(
    '/:id',
    {
      onRequest: app.requirePermission('admin.subscriptions.edit'),
      schema: { tags: ['admin'], params: PlanParams, body: UpdatePlanBody, response: { 200: PlanSaved } },
    },
    async (request) => {
      const planId = request.params.id;
      if (!PLAN_ID.test(planId)) throw new NotFoundError('Subscription');
      const outcome = await app.commands.run(
        planDecider,
        planStreamId(planId),
        { type: 'UpdatePlan', data: { planId, changes: request.body, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      if (!outcome.state.exists) throw new NotFoundError('Subscription');
      return saved(outcome.state);
    },
  );
};

export default adminPlanRoutes;
