import fp from 'fastify-plugin';
import type pg from 'pg';
import { createPipelinedReads } from '../../platform/pipelined-reads.ts';
import { createPool, poolTimeouts, type Queryable } from '../../platform/pool.ts';
import { createReadPool, type ReadPool } from '../../platform/read-pool.ts';
import { requestScope } from '../request-scope.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The primary: commands, the log, sessions, and every read a command makes. */
    pg: pg.Pool;
    /**
     * For read-model queries of GET routes, one statement each and no transaction: the replica
     * (READ_DATABASE_URL) when it may answer, else the primary, through its pipelining read
     * connections (DB_READ_CONNECTIONS; platform/pipelined-reads.ts) or, with none, the pool.
     */
    readPg: Queryable;
    readPool: ReadPool;
  }
}

export default fp(
  async (app) => {
    const lost = (err: Error) => app.log.warn({ err: err.message }, 'postgres connection lost');
    const pool = createPool(app.config.DATABASE_URL, app.config.DB_POOL_MAX, poolTimeouts(app.config), lost);
    const replica = app.config.READ_DATABASE_URL ? createPool(app.config.READ_DATABASE_URL, app.config.DB_POOL_MAX, poolTimeouts(app.config), lost) : null;
    const reads = app.config.DB_READ_CONNECTIONS > 0 ? createPipelinedReads(app.config.DATABASE_URL, app.config.DB_READ_CONNECTIONS, poolTimeouts(app.config), lost) : null;
    const readPool = createReadPool({
      primary: pool,
      primaryReads: reads ?? pool,
      replica,
      maxLagMs: app.config.READ_REPLICA_MAX_LAG_MS,
      primaryOnly: () => requestScope.getStore()?.readFromPrimary ?? false,
      onError: (err) => app.log.debug({ err: (err as Error).message }, 'read replica not answering: reads go to the primary'),
    });
    app.decorate('pg', pool);
    app.decorate('readPg', readPool.pool);
    app.decorate('readPool', readPool);
    app.addHook('onClose', async () => {
      await readPool.close();
      await reads?.close();
      await pool.end();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
