import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    serveIndex?: (reply: FastifyReply) => FastifyReply;
  }
}

const root = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Where the built app's files with hashed names go (Vite's assets directory): cached for good. */
export const ASSETS = '/assets/';

/** Serves the built web app; any other GET outside /api gets index.html (client-side routes). */
export default fp(
  async (app) => {
    if (!existsSync(`${root}index.html`)) {
      app.log.warn(`web app not built (${root}); run npm run build:web`);
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      setHeaders(res, path) {
        res.header('cache-control', path.includes(ASSETS) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.decorate('serveIndex', (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
    app.get('/', { schema: { hide: true } }, (_request, reply) => app.serveIndex!(reply));
  },
  { name: 'web' },
);
