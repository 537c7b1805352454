import { ensureDatabase, migrate } from '../migrations/run.ts';
import { ensureProjections } from '../projections/projector.ts';
import type { Config } from '../services/platform/config.ts';
import { createPool } from '../services/platform/pool.ts';

/** What preparing the database did. */
export interface Prepared {
  /** The database's name. */
  database: string;
  /** True when it did not exist and was created. */
  created: boolean;
  /** The migrations applied now, by name (empty: it was up to date). */
  migrations: string[];
  /** The read models whose tables were created now. */
  readModels: string[];
}

/** Creates the database when missing, migrates it and creates the read models' tables. Safe to run from many processes. */
export async function prepareDatabase(config: Config, log?: (message: string) => void): Promise<Prepared> {
  const created = await ensureDatabase(config.DATABASE_URL);
  const migrations = await migrate(config.DATABASE_URL, log);
  const pool = createPool(config.DATABASE_URL, 2);
  try {
    const readModels = await ensureProjections(pool);
    return { database: decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1)), created, migrations, readModels };
  } finally {
    await pool.end();
  }
}

/** What `npm start` did to the database, in a few lines for people: created, migrated (which migrations), seeded. */
export function startupReport(prepared: Prepared, seeded: string[] | null): string[] {
  const { database, created, migrations, readModels } = prepared;
  return [
    `Database "${database}": ${created ? 'created' : 'already there'}`,
    migrations.length ? `Migrations: applied ${migrations.length}: ${migrations.join(', ')}` : 'Migrations: none to apply (up to date)',
    ...(readModels.length ? [`Read models: created the tables of ${readModels.length}`] : []),
    seeded === null ? 'Demo data: none (production)' : seeded.length ? `Demo data: seeded ${seeded.join('; ')}` : 'Demo data: already there, nothing added',
  ];
}
