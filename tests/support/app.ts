import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { deleteRedisPrefix as deleteKeys } from '../../services/platform/redis.ts';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../services/platform/config.ts';
import { buildApi } from '../../bin/compose.ts';
import { listenOptions, type BuildOptions } from '../../services/http/app.ts';
import { createPool } from '../../services/platform/pool.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startWorkers, type RunningWorkers } from '../../workers/main.ts';
import { createTestDatabase } from './db.ts';

export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  config: Config;
  /** A pool on the test database, for checks behind the API's back. */
  db: pg.Pool;
  workers: RunningWorkers | null;
  close(): Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Run the BullMQ workers in this process (default true). */
  workers?: boolean;
  /** Reuse a database instead of a fresh copy of the template. */
  databaseUrl?: string;
  /** Passed to buildApi (e.g. a log stream to read the log lines back). */
  build?: BuildOptions;
}

/** Deletes a test's own Redis keys. */
export const deleteRedisPrefix = (prefix: string) => deleteKeys(REDIS_URL, prefix);

export function testConfig(databaseUrl: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: `abtest-${randomBytes(4).toString('hex')}`,
    // TEST_LOG_LEVEL=warn npm test shows the in-process APIs' and workers' warnings and errors (silent by default).
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DEV_LOGIN: '1',
    NEW_ACCOUNTS_ACTIVE: '0',
    ADMIN_EMAILS: 'admin@example.com',
    RATE_LIMIT: 'off',
    // Three test files run at once, some with extra processes: stay well under Postgres' 100 connections.
    DB_POOL_MAX: '6',
    WORKER_CONCURRENCY: '4',
    // The machine is busy: waiting for a pooled connection or a statement may take longer than in production.
    DB_CONNECT_TIMEOUT_MS: '30000',
    DB_STATEMENT_TIMEOUT_MS: '30000',
    ...env,
  });
}

/** The whole product (API, workers, built web app) on a random port, on its own database and Redis prefix. */
export async function startApp(options: StartOptions = {}): Promise<TestApp> {
  const database = options.databaseUrl ? null : await createTestDatabase(inject('templateDb'));
  const config = testConfig(options.databaseUrl ?? database!.url, options.env);
  const workers = options.workers === false ? null : await startWorkers(config);
  const app = await buildApi(config, options.build);
  await app.listen({ ...listenOptions(config, 0), host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const db = createPool(config.DATABASE_URL, 4);
  // A file's first command should not race the workers' first catch-up of the read models (on a busy
  // machine the first create could wait out the command's read-model wait and read nothing).
  for (const until = Date.now() + 60_000; workers && Date.now() < until && !(await projectionsCaughtUp(db)); ) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    config,
    db,
    workers,
    async close() {
      await app.close();
      await workers?.close();
      await db.end();
      await database?.drop();
      await deleteKeys(config, config.REDIS_PREFIX);
    },
  };
}
