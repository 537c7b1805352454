import fp from 'fastify-plugin';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { QUEUE_BOARD_PATH } from './auth.ts';
import { holds } from '../../roles/permissions.ts';

/** The BullMQ dashboard at /admin/queues, for holders of admin.projections.view only. */
export default fp(
  async (app) => {
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(QUEUE_BOARD_PATH);
    createBullBoard({ queues: Object.values(app.queues).map((q) => new BullMQAdapter(q)), serverAdapter });
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', async (request, reply) => {
          const user = request.user;
          if (!user) return reply.redirect(`/login?redirect=${encodeURIComponent(QUEUE_BOARD_PATH)}`);
          if (!user.is_active || !holds(user.permissions, 'admin.projections.view')) {
            return reply.status(403).type('text/plain').send('Not authorized');
          }
        });
        await scope.register(serverAdapter.registerPlugin());
      },
      { prefix: QUEUE_BOARD_PATH },
    );
  },
  { name: 'queue-board', dependencies: ['auth', 'queues'] },
);
