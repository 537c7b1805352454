import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../eventstore/errors.ts';
import { isUuid } from '../auth/ids.ts';
import { assistantDecider } from './decider.ts';
import { assistantStreamId } from './events.ts';
import { IdParams, Removed } from './schemas.ts';

/** A function is found by its id alone: the read model says which assistant holds it; the stream decides. */
const functionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/:id',
    { onRequest: app.requirePermission('admin.assistants.edit'), schema: { tags: ['assistants'], params: IdParams, response: { 200: Removed } } },
    async (request) => {
      const functionId = request.params.id;
      const found = isUuid(functionId)
        ? await app.pg.query('SELECT assistant_id FROM assistant_functions WHERE id = $1', [functionId])
        : null;
      const assistantId = found?.rows[0]?.assistant_id as string | undefined;
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
