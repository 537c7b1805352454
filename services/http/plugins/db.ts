import fp from 'fastify-plugin';
import type pg from 'pg';
import { createPool, poolTimeouts } from '../../platform/pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    pg: pg.Pool;
  }
}

export default fp(
  async (app) => {
    const pool = createPool(app.config.DATABASE_URL, app.config.DB_POOL_MAX, poolTimeouts(app.config), (err) =>
      app.log.warn({ err: err.message }, 'postgres connection lost'),
    );
    app.decorate('pg', pool);
    app.addHook('onClose', async () => pool.end());
  },
  { name: 'db', dependencies: ['config'] },
);
