import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Health = z.object({ ok: z.boolean(), postgres: z.boolean(), redis: z.boolean() });

const withTimeout = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))]);

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const [postgres, redis] = await Promise.all([
      withTimeout(app.pg.query('SELECT 1'), 1000).then(() => true, () => false),
      withTimeout(app.redis.ping(), 1000).then((r) => r === 'PONG', () => false),
    ]);
    const ok = postgres && redis;
    return reply.status(ok ? 200 : 503).send({ ok, postgres, redis });
  });
};

export default healthRoutes;
