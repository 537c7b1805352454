import { ensureDatabase, migrate } from '../migrations/run.ts';
import { ensureProjections } from '../projections/projector.ts';
import type { Config } from '../services/platform/config.ts';
import { createPool } from '../services/platform/pool.ts';

/** Creates the database when missing, migrates it and creates the read models' tables. Safe to run from many processes. */
export async function prepareDatabase(config: Config, log?: (message: string) => void): Promise<void> {
  await ensureDatabase(config.DATABASE_URL);
  await migrate(config.DATABASE_URL, log);
  const pool = createPool(config.DATABASE_URL, 2);
  try {
    await ensureProjections(pool);
  } finally {
    await pool.end();
  }
}
