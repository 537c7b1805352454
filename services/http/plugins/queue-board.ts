import fp from 'fastify-plugin';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { QUEUE_BOARD_PATH } from './auth.ts';
import { routeNotFound } from './errors.ts';
import { holds } from '../../roles/permissions.ts';

/** A `<link>` to another host: bull-board's page asks Google for its fonts; without it the board uses the system font. */
const EXTERNAL_LINK = /<link\b[^>]*\bhref=["']?(?:https?:)?\/\/[^>]*>\s*/gi;

/** The board's page without links to other hosts: it loads everything from us. */
export const withoutExternalLinks = (html: string) => html.replace(EXTERNAL_LINK, '');

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
        scope.addHook('onSend', async (_request, reply, payload) => {
          const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
          return html && typeof payload === 'string' ? withoutExternalLinks(payload) : payload;
        });
        // A file of the board's that is not there: its static files' plugin asks for the 404 handler, which
        // must be this scope's own (without one it fell back to Fastify's bare text, with a warning logged).
        scope.setNotFoundHandler((request, reply) => reply.status(404).send(routeNotFound(request)));
        await scope.register(serverAdapter.registerPlugin());
      },
      { prefix: QUEUE_BOARD_PATH },
    );
  },
  { name: 'queue-board', dependencies: ['auth', 'queues'] },
);
