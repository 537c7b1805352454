import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../../migrations/status.ts';
import { heartbeatKey } from '../platform/jobs.ts';
import { withTimeout } from '../platform/unavailable.ts';

const Health = z.object({ ok: z.boolean(), postgres: z.boolean(), redis: z.boolean() });
const Check = z.object({ ok: z.boolean(), detail: z.string().optional() });
const Ready = z.object({
  ok: z.boolean(),
  /** The parts that fail, by name (postgres, redis, migrations, worker). */
  failing: z.array(z.string()),
  checks: z.record(z.string(), Check),
});

const CHECK_TIMEOUT_MS = 1000;

const check = async (what: string, run: () => Promise<string | null>): Promise<z.infer<typeof Check>> => {
  try {
    const problem = await withTimeout(run(), CHECK_TIMEOUT_MS, what);
    return problem ? { ok: false, detail: problem } : { ok: true };
  } catch (err) {
    return { ok: false, detail: (err as Error).message || String(err) };
  }
};

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: Health, 503: Health } } }, async (_request, reply) => {
    const [postgres, redis] = await Promise.all([
      withTimeout(app.pg.query('SELECT 1'), 1000, 'postgres').then(() => true, () => false),
      withTimeout(app.redis.ping(), 1000, 'redis').then((r) => r === 'PONG', () => false),
    ]);
    const ok = postgres && redis;
    return reply.status(ok ? 200 : 503).send({ ok, postgres, redis });
  });

  /** The process answers: a supervisor restarts it when this fails. */
  app.get('/health/live', { schema: { tags: ['health'], response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({ ok: true as const }));

  /**
   * Whether this API can do its work now: Postgres and Redis answer, the database has every migration
   * of this code, and a worker has beaten recently (without one, payments and read models stand still).
   * 503 names the failing parts; it recovers by itself when they do.
   */
  app.get('/health/ready', { schema: { tags: ['health'], response: { 200: Ready, 503: Ready } } }, async (_request, reply) => {
    const staleMs = app.config.HEARTBEAT_STALE_MS;
    const [postgres, redis, migrations, worker] = await Promise.all([
      check('postgres', async () => {
        await app.pg.query('SELECT 1');
        return null;
      }),
      check('redis', async () => ((await app.redis.ping()) === 'PONG' ? null : 'no PONG')),
      check('migrations', async () => {
        const pending = await pendingMigrations(app.pg);
        return pending.length ? `not applied: ${pending.join(', ')} (run npm run migrate)` : null;
      }),
      check('worker', async () => {
        const beats = await app.redis.zcount(heartbeatKey(app.config.REDIS_PREFIX), Date.now() - staleMs, '+inf');
        return beats > 0 ? null : `no worker heartbeat in the last ${Math.round(staleMs / 1000)} s`;
      }),
    ]);
    const checks = { postgres, redis, migrations, worker };
    const failing = Object.entries(checks).filter(([, c]) => !c.ok).map(([name]) => name);
    return reply.status(failing.length ? 503 : 200).send({ ok: failing.length === 0, failing, checks });
  });
};

export default healthRoutes;
