import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { LiveCatchUp } from '../../projections/live.ts';
import { ProjectionProgress } from '../../projections/progress.ts';
import { ensureProjections, PROGRESS_CHANNEL, type ProgressNotice } from '../../projections/projector.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { wakeOnAppend } from '../../projections/waker.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { createTestDatabase } from '../support/db.ts';
import { appendLedger } from '../support/events.ts';
import { waitFor } from '../support/processes.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 6 });
  store = new EventStore(pool);
  await ensureProjections(pool);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const checkpoints = async () =>
  (
    await pool.query(
      `SELECT c.name, c.last_pos::int AS pos FROM projection_checkpoints c JOIN projections p ON p.name = c.name AND p.active_version = c.version ORDER BY c.name`,
    )
  ).rows as { name: string; pos: number }[];

describe('read models woken in-process', () => {
  it('catches every read model up on the NOTIFY sent after a commit, with no job queue at all, and announces progress after its commit', async () => {
    const progress = new pg.Client({ connectionString: db.url });
    await progress.connect();
    const heard: ProgressNotice[] = [];
    progress.on('notification', (m) => heard.push(JSON.parse(m.payload!)));
    await progress.query(`LISTEN ${PROGRESS_CHANNEL}`);
    const errors: unknown[] = [];
    const live = await new LiveCatchUp(pool, store, db.url, (err) => errors.push(err)).start();
    const readers = new ProjectionProgress(pool, db.url, 0);
    const wake = wakeOnAppend(store, db.url, (err) => errors.push(err));
    try {
      await waitFor('the start-up catch-up', () => projectionsCaughtUp(pool), 10_000);
      const before = await checkpoints();
      await readers.start();
      await appendLedger(store, 300, 50);
      const head = Number((await pool.query('SELECT max(global_position) AS m FROM events')).rows[0].m);
      await waitFor('every read model to pass the appended events', () => projectionsCaughtUp(pool), 10_000);
      const after = await checkpoints();
      // Every live read model moved to the same place: they were caught up together, in the same batches.
      expect(new Set(after.map((c) => c.pos))).toEqual(new Set([head]));
      expect(after.every((c, i) => c.pos > before[i].pos)).toBe(true);
      // The ledger's own read models hold what was appended.
      expect(Number((await pool.query('SELECT count(*) AS n FROM credit_transactions')).rows[0].n)).toBeGreaterThan(0);
      await waitFor('progress to be announced', async () => heard.some((h) => h.pos === head && 'ledger' in h.versions), 5_000);
      // A reader that only listens (no poll of the checkpoints) learns that every read model passed it.
      const last = (await pool.query('SELECT transaction_id::text AS xid FROM events WHERE global_position = $1', [head])).rows[0];
      expect(await readers.waitForAll({ xid: last.xid, pos: head }, 5_000)).toBe(true);
      // One notification a batch, naming every read model it moved.
      expect(heard.at(-1)!.versions).toEqual(Object.fromEntries(after.map((c) => [c.name, expect.any(Number)])));
      expect(errors).toEqual([]);
    } finally {
      await wake.close();
      await live.close();
      await readers.close();
      await progress.end();
    }
  }, 60_000);
});
