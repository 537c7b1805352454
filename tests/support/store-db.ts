import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { ensureProjections } from '../../projections/projector.ts';
import type { Projection } from '../../projections/types.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { createTestDatabase } from './db.ts';

/**
 * A database of the test file's own, copied from the template before its tests and dropped after,
 * with a pool, an event store on it and these read models' tables. Read its fields inside the tests.
 */
export function storeDatabase(readModels: readonly Projection[] = []): { readonly pool: pg.Pool; readonly store: EventStore } {
  const on = {} as { pool: pg.Pool; store: EventStore };
  let db: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(inject('templateDb'));
    on.pool = new pg.Pool({ connectionString: db.url, max: 4 });
    on.store = new EventStore(on.pool);
    if (readModels.length > 0) await ensureProjections(on.pool, readModels);
  });
  afterAll(async () => {
    await on.pool?.end();
    await db?.drop();
  });
  return on;
}
