import { ensureDatabase, migrate } from '../migrations/run.ts';
import { ensureProjections } from '../projections/projector.ts';
import { outdatedReadModels, rebuildMany } from '../projections/rebuild.ts';
import { EventStore } from '../services/eventstore/store.ts';
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
  /** The read models rebuilt now for a newer version of their code (absent: none). */
  rebuilt?: string[];
}

/**
 * Creates the database when missing, migrates it, creates the read models' tables, and rebuilds the
 * read models whose code asks for a newer version than the one live (a deploy that changed one): the
 * new version is built beside the live one and switched to (projections/rebuild.ts) before the new
 * code serves, so it never reads tables the live version does not have. Safe to run from many processes.
 */
export async function prepareDatabase(config: Config, log?: (message: string) => void): Promise<Prepared> {
  const created = await ensureDatabase(config.DATABASE_URL);
  const migrations = await migrate(config.DATABASE_URL, log);
  // Room for a rebuild's catch-ups side by side, each with its batch read ahead.
  const pool = createPool(config.DATABASE_URL, 4);
  try {
    const readModels = await ensureProjections(pool);
    const database = decodeURIComponent(new URL(config.DATABASE_URL).pathname.slice(1));
    const outdated = await outdatedReadModels(pool);
    if (outdated.length === 0) return { database, created, migrations, readModels };
    const rebuilt = outdated.map((p) => `${p.name} (version ${p.version})`);
    log?.(`Read models: rebuilding ${rebuilt.join(', ')} from the log`);
    let shown = 0;
    await rebuildMany(pool, new EventStore(pool), outdated, {
      onProgress: (progress) => {
        const percent = Math.floor(progress * 10) * 10;
        if (percent > shown) log?.(`Read models: rebuilt ${(shown = percent)}%`);
      },
    });
    return { database, created, migrations, readModels, rebuilt };
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
    ...(prepared.rebuilt ? [`Read models: rebuilt for their new versions: ${prepared.rebuilt.join(', ')}`] : []),
    seeded === null ? 'Demo data: none (production)' : seeded.length ? `Demo data: seeded ${seeded.join('; ')}` : 'Demo data: already there, nothing added',
  ];
}
