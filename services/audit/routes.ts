import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { streamPage, streamUntil } from '../eventstore/history.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import { creditsView } from '../credits/credits-view.ts';
import { foldStored } from '../eventstore/decider.ts';
import { totalPages } from '../platform/paging.ts';
import { verifyStream } from './verify.ts';
import { BalanceAnswer, BalanceQuery, OrgParams, PageQuery, StreamEventsAnswer, StreamParams, VerifyAnswer } from './schemas.ts';
import { isUuid } from '../platform/ids.ts';
import { namesOf } from '../../projections/users/queries.ts';

/** The events that spend for a member (`data.userId`): the history names that member. */
const SPENDS = new Set(['CreditsDebited', 'HoldPlaced']);
const spenderOf = (e: { type: string; data: unknown }) => {
  const userId = SPENDS.has(e.type) ? (e.data as { userId?: unknown } | null)?.userId : undefined;
  return typeof userId === 'string' && isUuid(userId) ? userId : null;
};

/** The history of any stream, its tamper check, and an organization's balance at any past moment. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('admin.audit.view');

  app.get(
    '/streams/:streamId/events',
    { onRequest: guard, schema: { tags: ['audit'], params: StreamParams, querystring: PageQuery, response: { 200: StreamEventsAnswer } } },
    async (request) => {
      const { streamId } = request.params;
      const { page, limit, sortOrder } = request.query;
      const found = await streamPage(app.readPg, streamId, { offset: (page - 1) * limit, limit, descending: sortOrder === 'desc' });
      if (!found) throw new NotFoundError('Stream');
      const spenders = await namesOf(app.readPg, [...new Set(found.events.map(spenderOf).filter((id) => id !== null))]);
      const memberOf = (userId: string | null) => {
        const known = userId ? spenders.get(userId) : undefined;
        return userId ? { userId, name: known?.name ?? '', email: known?.email ?? '' } : null;
      };
      return {
        data: found.events.map((e) => ({
          position: e.globalPosition,
          streamPosition: e.streamPosition,
          type: e.type,
          data: e.data,
          metadata: e.metadata,
          createdAt: e.createdAt.toISOString(),
          member: memberOf(spenderOf(e)),
        })),
        totalPages: totalPages(found.version, limit),
        total: found.version,
      };
    },
  );

  app.get(
    '/streams/:streamId/verify',
    { onRequest: guard, schema: { tags: ['audit'], params: StreamParams, response: { 200: VerifyAnswer } } },
    async (request) => {
      const check = await verifyStream(app.pg, request.params.streamId);
      if (check.checked === 0) throw new NotFoundError('Stream');
      return check;
    },
  );

  app.get(
    '/orgs/:id/balance',
    { onRequest: guard, schema: { tags: ['audit'], params: OrgParams, querystring: BalanceQuery, response: { 200: BalanceAnswer } } },
    async (request) => {
      const { id } = request.params;
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const events = await streamUntil(app.readPg, orgStreamId(id), at);
      if (events.length === 0 && !(await streamPage(app.readPg, orgStreamId(id), { offset: 0, limit: 1, descending: false }))) throw new NotFoundError('Organization');
      const state = foldStored(orgDecider, orgDecider.initialState(), events);
      // A lot past its expiry by then counts as expired, whether or not its expiry was written yet.
      const view = creditsView(state, at.toISOString());
      return { balance: view.balance, available: view.available, held: view.held, at: at.toISOString() };
    },
  );
};

export default auditRoutes;
