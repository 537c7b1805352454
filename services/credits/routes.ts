import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { memberOrg } from '../platform/member.ts';
import { isUuid } from '../platform/ids.ts';
import { orgLots, orgHolds } from '../../projections/lots/queries.ts';
import { findProject } from '../../projections/projects/queries.ts';
import {
  AdjustAnswer,
  AdjustBody,
  AdminCreditsAnswer,
  Balance,
  BalanceAnswer,
  CreditsAnswer,
  ErrorAnswer,
  SpendRefusedAnswer,
  InvalidKeyAnswer,
  OrgIdParams,
  UsageBody,
} from './schemas.ts';

/** Who spends or reads: an API key (its organization; no user) or a member (theirs). */
export function callerOf(request: FastifyRequest): { orgId: string; userId: string | null } {
  if (request.apiKey) return { orgId: request.apiKey.orgId, userId: null };
  const user = request.user!;
  return { orgId: memberOrg(user), userId: user.id };
}

/** A spend's project must be one of the caller's organization's (another's, or none: 404, and nothing changes). */
export async function spendProject(app: FastifyInstance, orgId: string, projectId: string | undefined): Promise<string | null> {
  if (projectId === undefined) return null;
  if (!isUuid(projectId) || !(await findProject(app.pg, projectId, orgId))) throw new NotFoundError('Project');
  return projectId;
}

/** The routes an API key may call say so in the OpenAPI document. */
export const keyOrSession: { [scheme: string]: string[] }[] = [{ apiKey: [] }, { session: [] }];

/** Spending credits and reading them (members), correcting balances (admins). Decisions read the stream, never a projection. */
const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/usage',
    {
      onRequest: app.requireUserOrKey,
      schema: {
        tags: ['credits'],
        security: keyOrSession,
        body: UsageBody,
        response: { 200: Balance, 401: InvalidKeyAnswer, 402: SpendRefusedAnswer, 403: ErrorAnswer },
      },
    },
    async (request) => {
      // The answer comes from the stream; the usage lists catch up a moment later.
      const caller = callerOf(request);
      const projectId = await spendProject(app, caller.orgId, request.body.projectId);
      return app.credits.debit({ ...caller, ...request.body, projectId, metadata: app.commands.metadata(request) });
    },
  );

  app.get(
    '/api/me/credits',
    {
      onRequest: app.requireUserOrKey,
      schema: { tags: ['credits'], security: keyOrSession, response: { 200: CreditsAnswer, 401: InvalidKeyAnswer, 403: ErrorAnswer } },
    },
    async (request) => {
      if (request.apiKey) return app.credits.activeView(request.apiKey.orgId);
      const orgId = request.user!.organization_id;
      if (!orgId) return { balance: 0, available: 0, held: 0, lots: [], holds: [], pending: {} };
      return app.credits.view(orgId);
    },
  );

  app.get(
    '/api/balance',
    {
      onRequest: app.requireUserOrKey,
      schema: { tags: ['credits'], security: keyOrSession, response: { 200: BalanceAnswer, 401: InvalidKeyAnswer, 403: ErrorAnswer } },
    },
    async (request) => {
      const { balance, available, held, pending } = request.apiKey ? await app.credits.activeView(request.apiKey.orgId) : await app.credits.view(callerOf(request).orgId);
      return { balance, available, held, pending };
    },
  );

  app.post(
    '/api/admin/orgs/:id/credits',
    {
      onRequest: app.requirePermission('admin.orgs.edit'),
      schema: { tags: ['credits', 'admin'], params: OrgIdParams, body: AdjustBody, response: { 200: AdjustAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      return app.credits.adjust({ orgId: id, ...request.body, metadata: app.commands.metadata(request) });
    },
  );

  app.get(
    '/api/admin/orgs/:id/credits',
    {
      onRequest: app.requirePermission('admin.orgs.view'),
      schema: { tags: ['credits', 'admin'], params: OrgIdParams, response: { 200: AdminCreditsAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      const [lots, holds] = await Promise.all([orgLots(app.pg, id), orgHolds(app.pg, id)]);
      return { lots, holds };
    },
  );
};

export default creditRoutes;
