import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Runs `fn` with the database's name on a client of the server's `postgres` database. */
async function onServer(databaseUrl: string, fn: (admin: pg.Client, name: string) => Promise<void>): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await fn(admin, name);
  } finally {
    await admin.end();
  }
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database named in the URL when it does not exist yet; true when this call created it. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  let created = false;
  await onServer(databaseUrl, async (admin, name) => {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      created = await admin.query(`CREATE DATABASE ${quoted(name)}`).then(
        () => true,
        (err: { code?: string }) => {
          if (err.code !== '42P04') throw err; // created meanwhile by another process
          return false;
        },
      );
    }
  });
  return created;
}

/** Drops the database named in the URL, closing its connections (tests, the benchmark, tools). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  await onServer(databaseUrl, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS ${quoted(name)} WITH (FORCE)`);
  });
}

/**
 * Applies the numbered migrations (tables: node-pg-migrate, one transaction and a lock), then the
 * files of `functions/` (the functions and triggers, each in one home, safe to apply again).
 * Answers the names of the numbered migrations this call applied (none: the database was up to date).
 */
export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<string[]> {
  const applied = await runner({
    databaseUrl,
    dir,
    migrationsTable: 'pgmigrations',
    direction: 'up',
    count: Infinity,
    singleTransaction: true,
    useGlob: false,
    ignorePattern: '(\\..*|.*\\.(ts|js|map))',
    log,
    logger: undefined,
  } as Parameters<typeof runner>[0]);
  await applyFunctions(databaseUrl, log);
  return applied.map((m) => m.name);
}

const FUNCTIONS_LOCK = 'advisory-board:migrations:functions';

async function applyFunctions(databaseUrl: string, log: (msg: string) => void): Promise<void> {
  const folder = fileURLToPath(new URL('./functions/', import.meta.url));
  const files = readdirSync(folder).filter((f) => f.endsWith('.sql')).sort();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [FUNCTIONS_LOCK]);
    for (const file of files) {
      await client.query(readFileSync(`${folder}${file}`, 'utf8'));
      log(`applied functions/${file}`);
    }
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}
