import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../eventstore/errors.ts';
import { orgStreamId } from '../orgs/events.ts';
import { verifyStream } from './verify.ts';
import { BalanceAnswer, BalanceQuery, OrgParams, PageQuery, StreamEventsAnswer, StreamParams, VerifyAnswer } from './schemas.ts';
import { isUuid } from '../auth/ids.ts';

/** The history of any stream, its tamper check, and an organization's balance at any past moment. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission('admin.audit.view');

  app.get(
    '/streams/:streamId/events',
    { preHandler: guard, schema: { tags: ['audit'], params: StreamParams, querystring: PageQuery, response: { 200: StreamEventsAnswer } } },
    async (request) => {
      const { streamId } = request.params;
      const { page, limit, sortOrder } = request.query;
      const version = await app.pg.query('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
      if (version.rowCount === 0) throw new NotFoundError('Stream');
      const total = Number(version.rows[0].version);
      const res = await app.pg.query(
        `SELECT global_position, stream_position, type, data, metadata, created_at FROM events
          WHERE stream_id = $1 ORDER BY stream_position ${sortOrder === 'desc' ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`,
        [streamId, limit, (page - 1) * limit],
      );
      return {
        data: res.rows.map((r) => ({
          position: Number(r.global_position),
          streamPosition: Number(r.stream_position),
          type: r.type,
          data: r.data,
          metadata: r.metadata,
          createdAt: new Date(r.created_at).toISOString(),
        })),
        totalPages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  );

  app.get(
    '/streams/:streamId/verify',
    { preHandler: guard, schema: { tags: ['audit'], params: StreamParams, response: { 200: VerifyAnswer } } },
    async (request) => {
      const check = await verifyStream(app.pg, request.params.streamId);
      if (check.checked === 0) throw new NotFoundError('Stream');
      return check;
    },
  );

  app.get(
    '/orgs/:id/balance',
    { preHandler: guard, schema: { tags: ['audit'], params: OrgParams, querystring: BalanceQuery, response: { 200: BalanceAnswer } } },
    async (request) => {
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError('Organization');
      const at = request.query.at ? new Date(request.query.at) : new Date();
      const res = await app.pg.query(
        `SELECT (SELECT count(*) FROM events WHERE stream_id = $1) AS events,
                (SELECT (data->>'balanceAfter')::bigint FROM events
                  WHERE stream_id = $1 AND type IN ('CreditsGranted', 'CreditsDebited', 'CreditsRevoked') AND created_at <= $2
                  ORDER BY stream_position DESC LIMIT 1) AS balance`,
        [orgStreamId(id), at],
      );
      if (Number(res.rows[0].events) === 0) throw new NotFoundError('Organization');
      return { balance: Number(res.rows[0].balance ?? 0), at: at.toISOString() };
    },
  );
};

export default auditRoutes;
