import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_ADMIN_URL } from '../tests/support/db.ts';
import { checkpointNow, checkpointsSoFar } from './checkpoints.ts';

// The server's maintenance database: a checkpoint and the bgwriter's counters are the server's, not a database's.
const pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 1 });

afterAll(async () => {
  await pool.end();
});

describe("the bench's checkpoint before each scenario", () => {
  it('takes a checkpoint, and answers once the count of checkpoints shows it', async () => {
    const before = await checkpointsSoFar(pool);
    await checkpointNow(pool);
    expect(await checkpointsSoFar(pool)).toBeGreaterThan(before);
  });
});
