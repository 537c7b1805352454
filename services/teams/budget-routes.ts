import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findProject } from '../../projections/projects/queries.ts';
import { BUDGET_SCOPES, type BudgetScope } from '../credits/budgets.ts';
import { ErrorAnswer } from '../credits/schemas.ts';
import { NotFoundError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { orgAccess } from '../orgs/access.ts';
import type { OrgState } from '../orgs/events.ts';
import { BudgetBody, BudgetList, BudgetParams, BudgetView } from './member-schemas.ts';

const tags = ['organization'];
const errors = { 400: ErrorAnswer, 403: ErrorAnswer, 404: ErrorAnswer };

/** A budget's member or project must be the organization's: another's (or an unknown id) is 404 and nothing changes. */
async function mustBeOrgs(app: FastifyInstance, orgId: string, org: OrgState, scope: BudgetScope, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError(scope === 'member' ? 'Member' : 'Project');
  if (scope === 'member' && !org.members[id]) throw new NotFoundError('Member');
  if (scope === 'project' && !(await findProject(app.pg, id, orgId))) throw new NotFoundError('Project');
}

/**
 * /api/me/org/budgets: caps on what a member or a project spends from the organization's pool.
 * The credits decide them, in the same decision as each spend (services/credits/budgets.ts).
 */
const budgetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const billing = app.requireOrgRole('billing');

  app.get('/', { schema: { tags, response: { 200: BudgetList, ...errors } } }, async (request) => {
    const { orgId } = await orgAccess(app, request);
    return { data: await app.credits.budgets(orgId) };
  });

  app.put('/', { onRequest: billing, schema: { tags, body: BudgetBody, response: { 200: BudgetView, ...errors } } }, async (request) => {
    const { orgId, org } = await orgAccess(app, request, 'billing');
    const { scope, id, credits, period, thresholds } = request.body;
    await mustBeOrgs(app, orgId, org, scope, id);
    return app.credits.setBudget({ orgId, scope, id, credits, period, thresholds }, app.commands.metadata(request));
  });

  app.delete(
    '/:scope/:id',
    { onRequest: billing, schema: { tags, params: BudgetParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { orgId } = await orgAccess(app, request, 'billing');
      const { scope, id } = request.params;
      if (!(BUDGET_SCOPES as readonly string[]).includes(scope)) throw new NotFoundError('Budget');
      await app.credits.removeBudget(orgId, scope as BudgetScope, id, app.commands.metadata(request));
      return reply.status(204).send(null);
    },
  );
};

export default budgetRoutes;
