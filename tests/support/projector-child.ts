// A projector process for the crash test: copies every 'Counted' event into a table with no
// unique key, so an event applied twice would show as a duplicate row.
import pg from 'pg';
import { catchUp } from '../../projections/catch-up.ts';
import { ensureProjections } from '../../projections/projector.ts';
import type { Projection } from '../../projections/types.ts';
import { EventStore } from '../../services/eventstore/store.ts';

export const copyProjection: Projection = {
  name: 'crash_copy',
  version: 1,
  handles: ['Counted'],
  tables: ['crash_copy'],
  schema: (t) => `CREATE TABLE ${t('crash_copy')} (pos bigint NOT NULL)`,
  async apply(db, events, t) {
    await db.query(`INSERT INTO ${t('crash_copy')} (pos) SELECT unnest($1::bigint[])`, [events.map((e) => e.globalPosition)]);
    await db.query('SELECT pg_sleep(0.03)'); // a slow batch, so that a kill lands inside one
  },
};

if (/projector-child\.[jt]s$/.test(process.argv[1] ?? '')) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 3 });
  await ensureProjections(pool, [copyProjection]);
  // Events held back by a transaction still open anywhere on the server (another test file's: the log's
  // safe order is the cluster's oldest running transaction) are waited for, not taken for the end.
  const applied = await catchUp(pool, new EventStore(pool), [{ projection: copyProjection, version: 1 }], { batchSize: 200, settleMs: 60_000 });
  console.log(`applied ${applied}`);
  await pool.end();
}
