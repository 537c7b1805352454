import fp from 'fastify-plugin';
import { createOrgCredits, type OrgCredits } from '../../orgs/stream.ts';
import { noteAppend } from '../request-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The credits' front door (services/credits/commands.ts): every credit command of this process goes through it. */
    credits: OrgCredits;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'credits',
      createOrgCredits({ store: app.store, metrics: app.metrics, queues: { ledger: app.queues.ledger }, log: app.log, appended: noteAppend, readModels: app.readModels }),
    );
  },
  { name: 'credits', dependencies: ['eventstore', 'queues'] },
);
