import pg from 'pg';
import type { Config } from '../services/platform/config.ts';
import { connectRedis } from '../services/platform/redis.ts';

const POSTGRES_HINT =
  "start it with: pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start   (or set DATABASE_URL, or run 'docker compose up postgres')";
const REDIS_HINT =
  "start it with: redis-server --daemonize yes --port 6379 --save '' --appendonly no   (or set REDIS_URL, or run 'docker compose up redis')";

/** Says which of Postgres and Redis cannot be reached, and how to start it, then exits non-zero. */
export async function checkServices(config: Config): Promise<void> {
  const problems: string[] = [];
  const url = new URL(config.DATABASE_URL);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    problems.push(`PostgreSQL is not reachable at ${url.host} (${(err as Error).message}); ${POSTGRES_HINT}`);
  } finally {
    await client.end().catch(() => {});
  }
  const redis = connectRedis(config, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 3000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    problems.push(`Redis is not reachable at ${config.REDIS_CLUSTER_NODES.length ? config.REDIS_CLUSTER_NODES.join(',') : new URL(config.REDIS_URL).host} (${(err as Error).message}); ${REDIS_HINT}`);
  } finally {
    redis.disconnect();
  }
  if (problems.length > 0) {
    for (const p of problems) console.error(`✖ ${p}`);
    process.exit(1);
  }
}
