import { createRequire } from 'node:module';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../support/db.ts';
import { withoutConfigCopies } from '../../services/platform/pool.ts';

// pg's Query normalizes (and copies) every config it is built from, through this module's export.
const utils = createRequire(import.meta.url)('pg/lib/utils') as { normalizeQueryConfig: (...args: unknown[]) => unknown };

describe('withoutConfigCopies', () => {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  const original = utils.normalizeQueryConfig;
  let copied = 0;
  beforeAll(async () => {
    await client.connect();
    withoutConfigCopies(client);
    utils.normalizeQueryConfig = (config: unknown, ...rest: unknown[]) => {
      if (typeof config === 'object') copied++;
      return original(config, ...rest);
    };
  });
  afterAll(async () => {
    utils.normalizeQueryConfig = original;
    await client.end();
  });
  const prepared = async (name: string) => (await client.query('SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name = $1', [name])).rows[0].n;

  it('runs a named statement, prepared under its name, without pg copying its config', async () => {
    copied = 0;
    const res = await client.query({ name: 'config-test-sum', text: 'SELECT $1::int + $2::int AS sum', values: [2, 3] });
    expect(res.rows).toEqual([{ sum: 5 }]);
    expect(await prepared('config-test-sum')).toBe(1);
    expect(copied).toBe(0);
    // Run again under the same name: Postgres executes what it prepared.
    expect((await client.query({ name: 'config-test-sum', text: 'SELECT $1::int + $2::int AS sum', values: [4, 5] })).rows).toEqual([{ sum: 9 }]);
  });

  it('takes values given beside the config, and answers a callback', async () => {
    expect((await client.query({ text: 'SELECT $1::text AS t', values: ['config'] }, ['beside'])).rows).toEqual([{ t: 'beside' }]);
    const rows = await new Promise((resolve, reject) =>
      client.query({ text: 'SELECT $1::int AS n', values: [7] }, (err: Error | null, res?: pg.QueryResult) => (err ? reject(err) : resolve(res!.rows))),
    );
    expect(rows).toEqual([{ n: 7 }]);
  });

  it("fails with Postgres's error, and the connection goes on", async () => {
    await expect(client.query({ name: 'config-test-fail', text: 'SELECT 1 / $1::int AS q', values: [0] })).rejects.toMatchObject({ code: '22012' });
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('leaves any other config to pg as it is', async () => {
    copied = 0;
    const res = await client.query({ text: 'SELECT 1 AS a, 2 AS b', rowMode: 'array' });
    expect(res.rows).toEqual([[1, 2]]);
    expect(copied).toBe(1);
  });
});
