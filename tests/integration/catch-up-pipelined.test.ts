import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catchUp } from '../../projections/catch-up.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { lotsProjection } from '../../projections/lots/index.ts';
import type { Projection } from '../../projections/types.ts';
import { usageDailyProjection } from '../../projections/usage-daily/index.ts';
import { appendLedger, waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase([ledgerProjection, lotsProjection, usageDailyProjection]);
let pipelined: pg.Pool;

beforeAll(() => {
  pipelined = new pg.Pool({ connectionString: on.pool.options.connectionString, max: 2, pipeline: true });
});
afterAll(async () => {
  await pipelined?.end();
});

/** A read model whose `apply` runs `before` first (on the batch's connection), then its own. */
const wrapped = (projection: Projection, before: (db: pg.PoolClient) => Promise<void>): Projection => ({
  ...projection,
  apply: async (db, events, t) => {
    await before(db);
    await projection.apply(db, events, t);
  },
});

const checkpoint = async (name: string) =>
  (await on.pool.query(`SELECT last_pos::int AS pos, status, last_error FROM projection_checkpoints WHERE name = $1`, [name])).rows[0] as {
    pos: number;
    status: string;
    last_error: string | null;
  };

describe('a catch-up on a pipelining connection (the live catch-up of a few events)', () => {
  it("sends every read model's statements without waiting for the others', and writes a large batch by INSERT (a pipelining connection cannot COPY)", async () => {
    // 300 movements of one organization in one batch: the ledger would write them by COPY (refused in pipeline mode).
    const org = await appendLedger(on.store, 300, 300);
    await waitForWholeLog(on.pool);
    let ledgerAnswered = false;
    let usageStartedBeforeLedgerAnswered: boolean | null = null;
    const ledger = wrapped(ledgerProjection, async (db) => {
      await db.query('SELECT pg_sleep(0.05)');
      ledgerAnswered = true;
    });
    const usage = wrapped(usageDailyProjection, async () => {
      usageStartedBeforeLedgerAnswered = !ledgerAnswered;
    });
    const applied = await catchUp(on.pool, on.store, [{ projection: ledger }, { projection: usage }, { projection: lotsProjection }], { settleMs: 0, pipelined });
    // One after another, the daily usage would have started once the ledger's statements were answered.
    expect(usageStartedBeforeLedgerAnswered).toBe(true);
    expect(applied).toBe(3 * 300);
    const rows = await on.pool.query(
      `SELECT (SELECT count(*)::int FROM credit_transactions WHERE org_id = $1) AS movements,
              (SELECT coalesce(sum(remaining), 0)::int FROM credit_lots WHERE org_id = $1) AS remaining,
              (SELECT balance_after::int FROM credit_transactions WHERE org_id = $1 ORDER BY position DESC LIMIT 1) AS balance`,
      [org],
    );
    expect(rows.rows[0].movements).toBe(300);
    expect(rows.rows[0].remaining).toBe(rows.rows[0].balance);
    const head = Number((await on.pool.query('SELECT max(global_position) AS m FROM events')).rows[0].m);
    for (const name of ['ledger', 'usage_daily', 'lots']) expect(await checkpoint(name)).toMatchObject({ pos: head, status: 'live' });
  });

  it('records a read model that fails amid the pipelined statements as failed, and moves the others on', async () => {
    await appendLedger(on.store, 20, 20);
    await waitForWholeLog(on.pool);
    const head = Number((await on.pool.query('SELECT max(global_position) AS m FROM events')).rows[0].m);
    const before = await checkpoint('usage_daily');
    // Postgres refuses its statement while the ledger's and the lots' are in flight on the same connection.
    const broken = wrapped(usageDailyProjection, async (db) => {
      await db.query('SELECT 1 / 0');
    });
    await catchUp(on.pool, on.store, [{ projection: ledgerProjection }, { projection: broken }, { projection: lotsProjection }], { settleMs: 0, pipelined });
    expect(await checkpoint('ledger')).toMatchObject({ pos: head, status: 'live' });
    expect(await checkpoint('lots')).toMatchObject({ pos: head, status: 'live' });
    const failed = await checkpoint('usage_daily');
    expect(failed).toMatchObject({ pos: before.pos, status: 'failed' });
    expect(failed.last_error).toMatch(/division by zero/);
    // The connections are left usable: the pipelining pool answers.
    expect((await pipelined.query('SELECT 1 AS one')).rows[0].one).toBe(1);
  });
});
