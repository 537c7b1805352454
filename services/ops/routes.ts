import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../eventstore/errors.ts';
import { projectionByName } from '../../projections/registry.ts';
import { rebuildJobId } from '../../workers/jobs.ts';
import { Metrics, ProjectionList, ProjectionParams, RebuildAnswer } from './schemas.ts';
import { projectionStatuses } from './status.ts';

/** Read models: where each stands, and rebuilding one from the log. */
const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projections',
    { preHandler: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: ProjectionList } } },
    async () => projectionStatuses(app.pg),
  );

  app.get(
    '/metrics',
    { preHandler: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: Metrics } } },
    async () => ({ ...app.metrics }),
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
      // One job id per projection: a second request while one is queued or running is the same rebuild.
      await app.queues.replay.add(
        'rebuild',
        { projection: projection.name },
        { jobId: rebuildJobId(projection.name), removeOnComplete: true, removeOnFail: true, attempts: 3, backoff: { type: 'exponential', delay: 1000 } },
      );
      return reply.status(202).send({ accepted: true, name: projection.name });
    },
  );
};

export default opsRoutes;
