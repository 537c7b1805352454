import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Queryable } from '../services/platform/pool.ts';

const dir = fileURLToPath(new URL('.', import.meta.url));

/** The numbered migrations this code expects, by the name node-pg-migrate records (no extension). */
export const expectedMigrations = (): string[] =>
  readdirSync(dir)
    .filter((f) => /^\d+_.+\.sql$/.test(f))
    .map((f) => f.replace(/\.sql$/, ''))
    .sort();

/** The migrations of this code not applied to the database yet (empty: current). */
export async function pendingMigrations(db: Queryable, expected = expectedMigrations()): Promise<string[]> {
  const res = await db.query(`SELECT name FROM pgmigrations`);
  const applied = new Set(res.rows.map((r) => r.name as string));
  return expected.filter((name) => !applied.has(name));
}
