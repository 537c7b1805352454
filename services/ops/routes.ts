import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { projectionByName } from '../../projections/registry.ts';
import { driftCheckJob, queueAgain, rebuildJob, retryCatchUpJob } from '../platform/jobs.ts';
import { driftStarted, driftStatuses } from '../../projections/drift-results.ts';
import { projections } from '../../projections/registry.ts';
import { projectionOpsDecider } from './decider.ts';
import { projectionStreamId } from './events.ts';
import { statementsSent } from '../platform/pool.ts';
import { DriftCheckAnswer, DriftCheckBody, DriftList, Metrics, ProjectionList, ProjectionParams, RebuildAnswer, RetryAnswer } from './schemas.ts';
import { projectionStatuses } from '../../projections/status.ts';

/** Read models: where each stands, and rebuilding one from the log. */
const opsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projections',
    { onRequest: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: ProjectionList } } },
    // On the pool: its counts walk the log, which would hold back the reads queued behind them on a read connection.
    async () => projectionStatuses(app.pg),
  );

  app.get(
    '/metrics',
    { onRequest: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: Metrics } } },
    async () => ({ ...app.metrics, statements: statementsSent() }),
  );

  app.post(
    '/projections/:name/rebuild',
    {
      onRequest: app.requirePermission('admin.projections.edit'),
      schema: { tags: ['ops'], params: ProjectionParams, response: { 202: RebuildAnswer } },
    },
    async (request, reply) => {
      const projection = projectionByName(request.params.name);
      if (!projection) throw new NotFoundError('Projection');
      await queueAgain(app.queues.replay, [rebuildJob(projection.name)]);
      return reply.status(202).send({ accepted: true, name: projection.name });
    },
  );

  /** The drift check: read models rebuilt from the log into shadow tables and compared with the live ones (one, or all). Reports only; the rebuild repairs. */
  app.post(
    '/projections/drift-check',
    {
      onRequest: app.requirePermission('admin.projections.edit'),
      schema: { tags: ['ops'], body: DriftCheckBody, response: { 202: DriftCheckAnswer } },
    },
    async (request, reply) => {
      const name = request.body.name;
      if (name !== undefined && !projectionByName(name)) throw new NotFoundError('Projection');
      const names = name ? [name] : projections.map((p) => p.name);
      // Shown as running at once (the worker takes it from here).
      await driftStarted(app.pg, names);
      await queueAgain(app.queues.replay, [driftCheckJob(name)]);
      return reply.status(202).send({ accepted: true, names });
    },
  );

  app.get(
    '/projections/drift',
    { onRequest: app.requirePermission('admin.projections.view'), schema: { tags: ['ops'], response: { 200: DriftList } } },
    async () => driftStatuses(app.pg),
  );

  /** "Retry now" for a failed read model: recorded on its stream (who, when, the error), then caught up at once. */
  app.post(
    '/projections/:name/retry',
    {
      onRequest: app.requirePermission('admin.projections.edit'),
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
