import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { hashRequest } from '../eventstore/decider.ts';
import { orgDecider } from './decider.ts';
import { DebitBatcher } from './debits.ts';
import { orgStreamId } from './events.ts';
import { AdjustBody, Balance, InsufficientCreditsAnswer, OrgIdParams, UsageBody } from './credit-schemas.ts';
import { isUuid } from '../auth/ids.ts';

const ErrorAnswer = z.object({ error: z.string(), message: z.string() }).loose();

/** Spending credits (members) and correcting balances (admins). Decisions read the stream, never a projection. */
const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const debits = new DebitBatcher(app.store, app.metrics);

  app.post(
    '/api/usage',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['credits'],
        body: UsageBody,
        response: { 200: Balance, 402: InsufficientCreditsAnswer, 403: ErrorAnswer },
      },
    },
    async (request) => {
      const user = request.user!;
      const orgId = user.organization_id;
      if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
      const { credits, description, idempotencyKey } = request.body;
      // The answer comes from the stream; the usage lists catch up a moment later.
      return debits.debit({
        command: {
          type: 'DebitCredits',
          data: { orgId, amount: credits, description, usageId: randomUUID(), userId: user.id, at: new Date().toISOString() },
        },
        idempotencyKey: `usage-${orgId}-${idempotencyKey}`,
        requestHash: hashRequest({ credits, description }),
        metadata: app.commands.metadata(request),
      });
    },
  );

  app.post(
    '/api/admin/orgs/:id/credits',
    {
      preHandler: app.requirePermission('admin.orgs.edit'),
      schema: { tags: ['credits', 'admin'], params: OrgIdParams, body: AdjustBody, response: { 200: Balance } },
    },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError('Organization');
      const outcome = await app.commands.run(
        orgDecider,
        orgStreamId(id),
        { type: 'AdjustCredits', data: { orgId: id, ...request.body, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { balance: outcome.state.balance };
    },
  );
};

export default creditRoutes;
