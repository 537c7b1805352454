import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../platform/errors.ts';
import { assistantDecider } from './decider.ts';
import { assistantStreamId } from './events.ts';
import { FunctionParams, Removed } from './schemas.ts';
import { functionOwner } from '../../projections/assistants/queries.ts';

/** A function is found by its id alone: the read model says which assistant holds it; the stream decides. */
const functionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    { onRequest: app.requirePermission('admin.assistants.edit'), schema: { tags: ['assistants'], params: FunctionParams, response: { 200: Removed } } },
    async (request) => {
      const functionId = request.params.id;
      const assistantId = await functionOwner(app.pg, functionId);
      if (!assistantId) throw new NotFoundError('Function');
      await app.commands.run(
        assistantDecider,
        assistantStreamId(assistantId),
        { type: 'RemoveFunction', data: { assistantId, functionId, at: new Date().toISOString() } },
        { metadata: app.commands.metadata(request) },
      );
      return { success: true as const };
    },
  );
};

export default functionRoutes;
