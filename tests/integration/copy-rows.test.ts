import { describe, expect, it } from 'vitest';
import { COPY_FROM, insertRows, type Columns } from '../../projections/rows.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase();

const COLUMNS: Columns = [
  ['id', 'int'],
  ['name', 'text'],
  ['amount', 'bigint'],
  ['at', 'timestamptz'],
  ['detail', 'jsonb'],
];

describe("a batch's rows written by COPY (insertRows)", () => {
  it('writes every row exactly, across chunks, with text of several bytes a character, escapes, nulls and a field longer than a chunk', async () => {
    const long = 'é'.repeat(70_000);
    const rows = Array.from({ length: 5_000 }, (_, i) => ({
      id: i,
      name: i === 2_500 ? long : i % 7 === 0 ? null : `Équipe ${i} 🚀\tto\\do\nnext`,
      amount: i * 1_000_003,
      at: new Date(Date.UTC(2026, 10, 30, 0, 0, i % 60)),
      detail: { note: `ligne\n${i}`, n: i },
    }));
    expect(rows.length).toBeGreaterThanOrEqual(COPY_FROM);
    const client = await on.pool.connect();
    try {
      await client.query('CREATE TABLE copied (id int PRIMARY KEY, name text, amount bigint, at timestamptz, detail jsonb)');
      await insertRows(client, 'copied', COLUMNS, rows);
    } finally {
      client.release();
    }
    const back = await on.pool.query('SELECT id, name, amount::text AS amount, at, detail FROM copied ORDER BY id');
    expect(back.rows).toHaveLength(rows.length);
    for (const [i, row] of back.rows.entries()) {
      expect(row).toEqual({ id: i, name: rows[i].name, amount: String(rows[i].amount), at: rows[i].at, detail: rows[i].detail });
    }
  });
});
