import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ensureProjections } from '../../projections/projector.ts';
import { tableNames } from '../../projections/types.ts';
import { usageDailyProjection } from '../../projections/usage-daily/index.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { countStatements, createTestDatabase } from '../support/db.ts';
import { waitFor } from '../support/processes.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
let store: EventStore;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  store = new EventStore(pool);
  await ensureProjections(pool, [usageDailyProjection]);
});
afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

const grant = (orgId: string, amount: number, at: string) => ({
  type: 'CreditsGranted',
  data: { orgId, lotId: randomUUID(), amount, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'g', key: null, balanceAfter: 0, at },
});
const debit = (orgId: string, amount: number, at: string) => ({
  type: 'CreditsDebited',
  data: { orgId, amount, description: 'd', usageId: randomUUID(), userId: null, balanceAfter: 0, at, lots: [] },
});

const days = async (orgId: string) =>
  (await pool.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, used::int, granted::int FROM usage_daily WHERE org_id = $1 ORDER BY day`, [orgId])).rows;

/**
 * Catches the read model up until it has applied `count` more events: open transactions elsewhere in
 * the cluster can hold the log's safe horizon back for a moment.
 */
async function catchUpOn(count: number, options: { batchSize?: number } = {}) {
  let applied = 0;
  await waitFor(`${count} events applied`, async () => (applied += await catchUp(pool, store, [{ projection: usageDailyProjection }], { ...options, settleMs: 0 })) >= count);
}

describe('usage per day (the profile chart)', () => {
  it('sums each UTC day of each organization over batches, and a batch applied again adds nothing', async () => {
    const a = randomUUID();
    const b = randomUUID();
    // 23:30 in UTC-2 is the next UTC day.
    await store.append(orgStreamId(a), [grant(a, 100, '2026-11-20T10:00:00Z'), debit(a, 3, '2026-11-20T23:59:59Z'), debit(a, 4, '2026-11-20T23:30:00-02:00')], { expected: 'any' });
    await store.append(orgStreamId(b), [debit(b, 5, '2026-11-20T12:00:00Z')], { expected: 'any' });
    await catchUpOn(4, { batchSize: 2 });
    await store.append(orgStreamId(a), [debit(a, 6, '2026-11-21T08:00:00Z'), grant(a, 10, '2026-11-20T09:00:00Z')], { expected: 'any' });
    await catchUpOn(2);
    const expected = [
      { day: '2026-11-20', used: 3, granted: 110 },
      { day: '2026-11-21', used: 10, granted: 0 },
    ];
    expect(await days(a)).toEqual(expected);
    expect(await days(b)).toEqual([{ day: '2026-11-20', used: 5, granted: 0 }]);

    // The whole log applied again on top (as a replay would): each row counts only what is past its position.
    const events = await store.readAll({ xid: '0', pos: 0 }, 100);
    const client = await pool.connect();
    try {
      await usageDailyProjection.apply(client, events.filter((e) => (usageDailyProjection.handles as readonly string[]).includes(e.type)) as never, tableNames(usageDailyProjection.version));
    } finally {
      client.release();
    }
    expect(await days(a)).toEqual(expected);
  });

  it("is written by a statement prepared once per connection, not parsed again by every batch", async () => {
    const org = randomUUID();
    await store.append(orgStreamId(org), Array.from({ length: 12 }, (_, i) => debit(org, 1, `2026-11-2${i % 3}T10:00:00Z`)), { expected: 'any' });
    const one = new pg.Pool({ connectionString: db.url, max: 1 }); // one connection: every batch runs on it
    try {
      let applied = 0;
      await waitFor('12 events applied', async () => (applied += await catchUp(one, store, [{ projection: usageDailyProjection }], { batchSize: 1, settleMs: 0 })) >= 12);
      const upsert = `%INSERT INTO ${tableNames(usageDailyProjection.version)('usage_daily')}%`;
      const { rows } = await one.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE $1`, [upsert]);
      // One statement, parsed once and run by every batch (Postgres plans it per call or keeps its generic plan, whichever it reckons cheaper).
      expect(rows).toHaveLength(1);
      expect(rows[0].generic + rows[0].custom).toBeGreaterThanOrEqual(12);
    } finally {
      await one.end();
    }
    expect((await days(org)).reduce((n, d) => n + d.used, 0)).toBe(12);
  });

  it('takes three round trips for a batch: locks, checkpoints and the log read in one; its write; the checkpoint moved and the commit in one', async () => {
    const org = randomUUID();
    await store.append(orgStreamId(org), [debit(org, 2, '2026-11-22T10:00:00Z'), debit(org, 3, '2026-11-22T11:00:00Z')], { expected: 'any' });
    const counted = new pg.Pool({ connectionString: db.url, max: 1 });
    const statements = countStatements(counted);
    // Per call: the events it applied and the round trips it took. A transaction open elsewhere in the
    // cluster can hold the log's safe horizon back for a call or two: such a call applies nothing.
    const calls: { applied: number; statements: number }[] = [];
    try {
      await waitFor('the 2 events applied', async () => {
        const before = statements();
        const applied = await catchUp(counted, store, [{ projection: usageDailyProjection }], { settleMs: 0 });
        calls.push({ applied, statements: statements() - before });
        return calls.some((c) => c.applied > 0);
      });
    } finally {
      await counted.end();
    }
    // One batch applied both events (one write); a call that found nothing to write took two round trips.
    expect(calls.filter((c) => c.applied > 0)).toEqual([{ applied: 2, statements: 3 }]);
    expect(calls.filter((c) => c.applied === 0).every((c) => c.statements === 2)).toBe(true);
    expect((await days(org)).find((d) => d.day === '2026-11-22')?.used).toBe(5);
  });
});
