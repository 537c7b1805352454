import { beforeAll, describe, expect, it } from 'vitest';
import { batchOf, batchReadSql, LOG_BATCH_ROWS } from '../../services/eventstore/store.ts';
import { comparePositions } from '../../services/eventstore/types.ts';
import { appendLedger, waitForWholeLog } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase();

beforeAll(async () => {
  await Promise.all(Array.from({ length: 4 }, () => appendLedger(on.store, 5000, 500)));
  await waitForWholeLog(on.pool);
});

const LOG_ROWS_READ = `SELECT coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname LIKE 'events%'`;

/**
 * Rows the statement made Postgres read from the log's tables: the difference of the backend's counts
 * before and after it, in one transaction (they hold what earlier transactions left unflushed too).
 */
async function rowsReadBy(sql: string): Promise<{ rows: unknown[][]; read: number }> {
  const client = await on.pool.connect();
  try {
    await client.query('BEGIN');
    const before = (await client.query(LOG_ROWS_READ)).rows[0].n as number;
    const res = await client.query({ text: sql, rowMode: LOG_BATCH_ROWS });
    const after = (await client.query(LOG_ROWS_READ)).rows[0].n as number;
    await client.query('ROLLBACK');
    return { rows: res.rows, read: after - before };
  } finally {
    client.release();
  }
}

describe('a batch of the log (log_batch)', () => {
  it('walks the log in order and stops at the limit, however far behind the reader is', async () => {
    const total = Number((await on.pool.query('SELECT count(*) AS n FROM events')).rows[0].n);
    expect(total).toBeGreaterThan(20_000);
    const { rows, read } = await rowsReadBy(batchReadSql(`(SELECT '0'::xid8 AS xid, 0::bigint AS pos)`, '1000', `ARRAY['CreditsGranted', 'CreditsDebited']`));
    const batch = batchOf(rows);
    expect(batch.events).toHaveLength(1000);
    for (let i = 1; i < batch.events.length; i++) {
      const [a, b] = [batch.events[i - 1], batch.events[i]];
      expect(comparePositions({ xid: a.transactionId, pos: a.globalPosition }, { xid: b.transactionId, pos: b.globalPosition })).toBeLessThan(0);
    }
    // The batch and the head: not every event after the reader's position, sorted to keep a thousand.
    expect(read).toBeLessThan(1_200);
  });

  it("leaves the events' metadata out of a batch: no read model reads it", async () => {
    const batch = await on.store.readBatch({ xid: '0', pos: 0 }, 100, null);
    expect(batch.events.length).toBeGreaterThan(0);
    expect(batch.events.filter((e) => 'metadata' in e)).toEqual([]);
    const inStream = await on.store.readStream(batch.events[0].streamId);
    expect(inStream[0].metadata).toBeTypeOf('object');
  });

  it('reads the same events in pages as in one read', async () => {
    const types = `ARRAY['OrganizationCreated', 'CreditsGranted', 'CreditsDebited']`;
    const whole = batchOf((await on.pool.query({ text: batchReadSql(`(SELECT '0'::xid8 AS xid, 0::bigint AS pos)`, '100000', types), rowMode: LOG_BATCH_ROWS })).rows);
    const paged: string[] = [];
    let at = { xid: '0', pos: 0 };
    for (;;) {
      const batch = await on.store.readBatch(at, 777, ['OrganizationCreated', 'CreditsGranted', 'CreditsDebited']);
      paged.push(...batch.events.map((e) => e.eventId));
      const last = batch.events.at(-1);
      if (!last) break;
      at = { xid: last.transactionId, pos: last.globalPosition };
    }
    expect(paged).toEqual(whole.events.map((e) => e.eventId));
    expect(whole.head).toEqual({ xid: whole.events.at(-1)!.transactionId, pos: whole.events.at(-1)!.globalPosition });
  });

  it("gives each event the time a stream's read gives it, to the millisecond (sent as milliseconds since the epoch, not as a timestamptz)", async () => {
    const batch = await on.store.readBatch({ xid: '0', pos: 0 }, 2000, null);
    // The stream with the most events in the batch: the four streams' appends go together (group
    // commit), so the first event's stream may have only its first event among the first 2,000.
    const counts = new Map<string, number>();
    for (const e of batch.events) counts.set(e.streamId, (counts.get(e.streamId) ?? 0) + 1);
    const streamId = [...counts].sort((a, b) => b[1] - a[1])[0][0];
    const inStream = await on.store.readStream(streamId);
    const inBatch = new Map(batch.events.filter((e) => e.streamId === streamId).map((e) => [e.eventId, e.createdAt]));
    expect(inBatch.size).toBeGreaterThan(10);
    for (const event of inStream.filter((e) => inBatch.has(e.eventId))) {
      expect(inBatch.get(event.eventId)).toBeInstanceOf(Date);
      expect(inBatch.get(event.eventId)!.toISOString()).toBe(event.createdAt.toISOString());
    }
    // Postgres keeps microseconds: the batch's time is the stream's, truncated to the millisecond as node-postgres truncates it.
    const { rows } = await on.pool.query('SELECT floor(extract(epoch FROM created_at) * 1000)::text AS ms FROM events WHERE event_id = $1', [inStream[0].eventId]);
    expect(inStream[0].createdAt.getTime()).toBe(Number(rows[0].ms));
  });
});
