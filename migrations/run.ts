import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runner } from 'node-pg-migrate';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await admin.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created meanwhile by another process
      });
    }
  } finally {
    await admin.end();
  }
}

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl,
    dir,
    migrationsTable: 'pgmigrations',
    direction: 'up',
    count: Infinity,
    singleTransaction: true,
    useGlob: false,
    ignorePattern: '(\\..*|.*\\.ts)',
    log,
    logger: undefined,
  } as Parameters<typeof runner>[0]);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/advisory_board';
  await ensureDatabase(url);
  await migrate(url, console.log);
  console.log('migrations applied');
}
