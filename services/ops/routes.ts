import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { projectionByName } from '../../projections/registry.ts';
import { rebuildJob, retryCatchUpJob } from '../platform/jobs.ts';
import { projectionOpsDecider } from './decider.ts';
import { projectionStreamId } from './events.ts';
import { statementsSent } from '../platform/pool.ts';
import { Metrics, ProjectionList, ProjectionParams, RebuildAnswer, RetryAnswer } from './schemas.ts';
import { projectionStatuses } from '../../projections/status.ts';

/** Read models: where each stands, and rebuilding one from the log. */
const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projections',
    { preHandler: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: ProjectionList } } },
    async () => projectionStatuses(app.readPg),
  );

  app.get(
    '/metrics',
    { preHandler: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: Metrics } } },
    async () => ({ ...app.metrics, statements: statementsSent() }),
  );

  app.post(
    '/projections/:name/rebuild',
    {
      preHandler: app.requirePermission('admin.projections.edit'),
      schema: { tags: ['ops'], params: ProjectionParams, response: { 202: RebuildAnswer } },
    },
    async (request, reply) => {
      const projection = projectionByName(request.params.name);
      if (!projection) throw new NotFoundError('Projection');
      const job = rebuildJob(projection.name);
      await app.queues.replay.add(job.name, job.data, job.opts);
      return reply.status(202).send({ accepted: true, name: projection.name });
    },
  );

  /** "Retry now" for a failed read model: recorded on its stream (who, when, the error), then caught up at once. */
  app.post(
    '/projections/:name/retry',
    {
      preHandler: app.requirePermission('admin.projections.edit'),
      schema: { tags: ['ops'], params: ProjectionParams, response: { 202: RetryAnswer } },
    },
    async (request, reply) => {
      const projection = projectionByName(request.params.name);
      if (!projection) throw new NotFoundError('Projection');
      const status = (await projectionStatuses(app.pg)).find((s) => s.name === projection.name);
      if (!status) throw new NotFoundError('Projection');
      const metadata = app.commands.metadata(request);
      await app.commands.run(
        projectionOpsDecider,
        projectionStreamId(projection.name),
        {
          type: 'RetryProjection',
          data: { name: projection.name, version: status.version, status: status.status, lastError: status.lastError, requestedBy: metadata.actor ?? 'anonymous', at: new Date().toISOString() },
        },
        { metadata },
      );
      const job = retryCatchUpJob(projection.name);
      await app.queues.projector.add(job.name, job.data, job.opts);
      return reply.status(202).send({ accepted: true, name: projection.name });
    },
  );
};

export default opsRoutes;
