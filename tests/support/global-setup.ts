import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrate } from '../../migrations/run.ts';
import { ensureProjections } from '../../projections/projector.ts';
import { databaseUrl, dropDatabase, PG_ADMIN_URL } from './db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

/** Test databases carry their creation time (base 36) as the last-but-one part of their name. */
function isStale(name: string): boolean {
  const parts = name.split('_');
  const created = parseInt(parts.at(-2) ?? '', 36);
  return Number.isFinite(created) && created > 1e12 && Date.now() - created > 3 * 3600_000;
}

/** Builds one migrated template database per run; each test file copies it. */
export default async function setup(project: TestProject) {
  const template = `ab_test_tpl_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  // Leftovers of runs that were killed before their teardown.
  const stale = await admin.query(
    `SELECT datname FROM pg_database WHERE datname LIKE 'ab_test_%' AND NOT datistemplate`,
  );
  await admin.end();
  for (const row of stale.rows) {
    if (isStale(String(row.datname))) await dropDatabase(row.datname).catch(() => {});
  }
  await dropDatabase(template);
  const create = new pg.Client({ connectionString: PG_ADMIN_URL });
  await create.connect();
  await create.query(`CREATE DATABASE "${template}"`);
  await create.end();
  const url = databaseUrl(template);
  await migrate(url);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await ensureProjections(pool);
  await pool.end();
  project.provide('templateDb', template);
  return async () => {
    await dropDatabase(template);
  };
}
