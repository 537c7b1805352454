import fp from 'fastify-plugin';
import pg from 'pg';

declare module 'fastify' {
  interface FastifyInstance {
    pg: pg.Pool;
  }
}

export function createPool(connectionString: string, max = 20): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    idle_in_transaction_session_timeout: 15_000,
    application_name: 'advisory-board',
  });
  pool.on('error', () => {}); // an idle client lost its connection; the next query reconnects
  return pool;
}

export default fp(
  async (app) => {
    const pool = createPool(app.config.DATABASE_URL, app.config.DB_POOL_MAX);
    app.decorate('pg', pool);
    app.addHook('onClose', async () => pool.end());
  },
  { name: 'db', dependencies: ['config'] },
);
