import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { migrate } from '../../migrations/run.ts';
import { ensureProjections } from '../../projections/projector.ts';
import { projections } from '../../projections/registry.ts';
import { tableNames } from '../../projections/types.ts';
import { compileForTests } from './compiled.ts';
import { databaseUrl, dropDatabase, PG_ADMIN_URL } from './db.ts';
import { COMPILED_ENV } from './processes.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    templateDb: string;
  }
}

const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));
/** Templates nobody used for this long belong to code that is gone (another branch, older migrations). */
const TEMPLATE_UNUSED_MS = 24 * 3600_000;

/** Everything a migrated database is built from: the migrations' SQL and every read model's tables. */
function schemaHash(): string {
  const hash = createHash('sha256');
  for (const dir of [migrationsDir, join(migrationsDir, 'functions')]) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql')).sort()) {
      hash.update(`${dir}${file}\n`.slice(migrationsDir.length)).update(readFileSync(join(dir, file)));
    }
  }
  for (const p of projections) hash.update(`${p.name} ${p.version} ${p.tables.join(',')}\n${p.schema(tableNames(p.version))}\n${p.indexes?.(tableNames(p.version)) ?? ''}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Test databases carry their creation time (base 36) as the last-but-one part of their name. */
function isStale(name: string): boolean {
  const parts = name.split('_');
  const created = parseInt(parts.at(-2) ?? '', 36);
  return Number.isFinite(created) && created > 1e12 && Date.now() - created > 3 * 3600_000;
}

async function dropTemplate(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE false`);
  await dropDatabase(name);
}

/**
 * The migrated template every test file copies (`CREATE DATABASE … TEMPLATE`), named by the hash of
 * what it is built from: a run reuses the one an earlier run built, and two runs starting at once
 * build it once (the second waits on an advisory lock, then finds it). It is built under another name
 * and renamed when complete, so no run ever copies half a template.
 */
async function ensureTemplate(admin: pg.Client): Promise<string> {
  const name = `ab_test_tpl_${schemaHash()}`;
  await admin.query('SELECT pg_advisory_lock(hashtext($1))', ['advisory-board:test-template']);
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const building = `ab_test_building_${Date.now().toString(36)}_${process.pid}`;
      await dropDatabase(building);
      await admin.query(`CREATE DATABASE "${building}"`);
      const url = databaseUrl(building);
      await migrate(url);
      const pool = new pg.Pool({ connectionString: url, max: 1 });
      await ensureProjections(pool);
      await pool.end();
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      // Nobody connects to it again, so copying it never finds a session inside it.
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
    }
    await admin.query(`COMMENT ON DATABASE "${name}" IS '${Date.now()}'`);
    // Templates of other schemas not used for a day, and databases left by runs that were killed.
    const others = await admin.query(
      `SELECT datname, datistemplate, shobj_description(oid, 'pg_database') AS used FROM pg_database
        WHERE (datname LIKE 'ab_test_%') AND datname <> $1`,
      [name],
    );
    for (const row of others.rows) {
      const dbName = String(row.datname);
      if (row.datistemplate) {
        if (Date.now() - Number(row.used ?? 0) > TEMPLATE_UNUSED_MS) await dropTemplate(admin, dbName).catch(() => {});
      } else if (isStale(dbName)) {
        await dropDatabase(dbName).catch(() => {});
      }
    }
  } finally {
    await admin.query('SELECT pg_advisory_unlock(hashtext($1))', ['advisory-board:test-template']);
  }
  return name;
}

/**
 * Provides the migrated template to the test files (the databases are theirs; the template stays for
 * the next run), and the transpiled tree the processes they start run from (the test workers inherit
 * this process's environment).
 */
export default async function setup(project: TestProject) {
  process.env[COMPILED_ENV] = await compileForTests(fileURLToPath(new URL('../../', import.meta.url)));
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    project.provide('templateDb', await ensureTemplate(admin));
  } finally {
    await admin.end();
  }
}
