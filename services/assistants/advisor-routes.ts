import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listAdvisors } from '../../projections/assistants/queries.ts';
import { AdvisorList } from './schemas.ts';

/** The assistants marked ready to deploy: what any signed-in member may put on a board. */
const advisorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { onRequest: app.requireUser, schema: { tags: ['advisors'], response: { 200: AdvisorList } } }, async () => ({
    data: await listAdvisors(app.readPg),
  }));
};

export default advisorRoutes;
