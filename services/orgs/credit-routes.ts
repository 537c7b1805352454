import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { isUuid } from '../platform/ids.ts';
import { orgLots, orgHolds } from '../../projections/lots/queries.ts';
import { orgDecider } from './decider.ts';
import { availableOf, orgStreamId } from './events.ts';
import { activeOrgCredits, orgCredits, scheduleLedgerExpiries, spendCredits } from './ledger.ts';
import {
  AdjustAnswer,
  AdjustBody,
  AdminCreditsAnswer,
  Balance,
  BalanceAnswer,
  CreditsAnswer,
  ErrorAnswer,
  InsufficientCreditsAnswer,
  InvalidKeyAnswer,
  OrgIdParams,
  UsageBody,
} from './credit-schemas.ts';

/** The member's organization, or a clear 400 when they have none yet. */
export function memberOrg(user: { organization_id: string | null } | null | undefined): string {
  const orgId = user?.organization_id;
  if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
  return orgId;
}

/** Who spends or reads: an API key (its organization; no user) or a member (theirs). */
export function callerOf(request: FastifyRequest): { orgId: string; userId: string | null } {
  if (request.apiKey) return { orgId: request.apiKey.orgId, userId: null };
  const user = request.user!;
  return { orgId: memberOrg(user), userId: user.id };
}

/** The routes an API key may call say so in the OpenAPI document. */
export const keyOrSession: { [scheme: string]: string[] }[] = [{ apiKey: [] }, { session: [] }];

/** Spending credits and reading them (members), correcting balances (admins). Decisions read the stream, never a projection. */
const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/usage',
    {
      preHandler: app.requireUserOrKey,
      schema: {
        tags: ['credits'],
        security: keyOrSession,
        body: UsageBody,
        response: { 200: Balance, 401: InvalidKeyAnswer, 402: InsufficientCreditsAnswer, 403: ErrorAnswer },
      },
    },
    async (request) => {
      // The answer comes from the stream; the usage lists catch up a moment later.
      return spendCredits(app, { ...callerOf(request), ...request.body, metadata: app.commands.metadata(request) });
    },
  );

  app.get(
    '/api/me/credits',
    {
      preHandler: app.requireUserOrKey,
      schema: { tags: ['credits'], security: keyOrSession, response: { 200: CreditsAnswer, 401: InvalidKeyAnswer, 403: ErrorAnswer } },
    },
    async (request) => {
      if (request.apiKey) return activeOrgCredits(app, request.apiKey.orgId);
      const orgId = request.user!.organization_id;
      if (!orgId) return { balance: 0, available: 0, held: 0, lots: [], holds: [] };
      return orgCredits(app, orgId);
    },
  );

  app.get(
    '/api/balance',
    {
      preHandler: app.requireUserOrKey,
      schema: { tags: ['credits'], security: keyOrSession, response: { 200: BalanceAnswer, 401: InvalidKeyAnswer, 403: ErrorAnswer } },
    },
    async (request) => {
      const { balance, available, held } = request.apiKey ? await activeOrgCredits(app, request.apiKey.orgId) : await orgCredits(app, callerOf(request).orgId);
      return { balance, available, held };
    },
  );

  app.post(
    '/api/admin/orgs/:id/credits',
    {
      preHandler: app.requirePermission('admin.orgs.edit'),
      schema: { tags: ['credits', 'admin'], params: OrgIdParams, body: AdjustBody, response: { 200: AdjustAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError('Organization');
      const lotId = randomUUID();
      const outcome = await app.commands.run(
        orgDecider,
        orgStreamId(id),
        { type: 'AdjustCredits', data: { orgId: id, lotId, ...request.body, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      scheduleLedgerExpiries(app, outcome.events);
      const granted = outcome.events.some((e) => e.type === 'CreditsGranted');
      return { balance: outcome.state.balance, available: availableOf(outcome.state), lotId: granted ? lotId : null };
    },
  );

  app.get(
    '/api/admin/orgs/:id/credits',
    {
      preHandler: app.requirePermission('admin.orgs.view'),
      schema: { tags: ['credits', 'admin'], params: OrgIdParams, response: { 200: AdminCreditsAnswer } },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError('Organization');
      const [lots, holds] = await Promise.all([orgLots(app.pg, id), orgHolds(app.pg, id)]);
      return { lots, holds };
    },
  );
};

export default creditRoutes;
