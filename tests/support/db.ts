import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { onEachStatement } from '../../services/platform/pool.ts';

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function databaseUrl(name: string): string {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Drops a test's database. Its pools were ended just before, but their connections may still be
 * closing: it waits (bounded) for them to go, so that FORCE does not terminate a connection whose
 * pool no longer listens for errors (an unhandled 57P01 in the test run).
 */
export async function dropDatabase(name: string): Promise<void> {
  await admin(async (c) => {
    for (const until = Date.now() + 5000; Date.now() < until; ) {
      const open = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
      if (open.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** A fresh database copied from the migrated template (tests/support/global-setup.ts). */
export async function createTestDatabase(template: string): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `ab_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  // The template takes no connections, so no session inside it can make the copy fail.
  await admin((c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return { name, url: databaseUrl(name), drop: () => dropDatabase(name) };
}

/**
 * Counts the statements sent through this pool alone (the product's own count is per process, where
 * the test's app and workers send theirs too): round trips, as the bench's counting pool counts them.
 */
export function countStatements(pool: pg.Pool): () => number {
  let statements = 0;
  onEachStatement(pool, () => statements++);
  return () => statements;
}
