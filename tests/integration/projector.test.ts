import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { EventStore } from '../../services/eventstore/store.ts';
import { createTestDatabase } from '../support/db.ts';
import { nodeArgs, waitFor } from '../support/processes.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let pool: pg.Pool;
const TOTAL = 4000;

beforeAll(async () => {
  db = await createTestDatabase(inject('templateDb'));
  pool = new pg.Pool({ connectionString: db.url, max: 4 });
  const store = new EventStore(pool);
  for (let s = 0; s < TOTAL / 100; s++) {
    await store.append(`counter-${s}`, Array.from({ length: 100 }, (_, i) => ({ type: 'Counted', data: { i } })), { expected: 'no_stream' });
  }
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

function runChild(): ChildProcess {
  return spawn(process.execPath, nodeArgs('tests/support/projector-child.ts'), {
    env: { ...process.env, DATABASE_URL: db.url },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const checkpoint = async () =>
  Number((await pool.query(`SELECT last_pos FROM projection_checkpoints WHERE name = 'crash_copy'`)).rows[0]?.last_pos ?? 0);

describe('the projector', () => {
  it('applies every event exactly once when killed with SIGKILL in the middle of a batch and restarted', async () => {
    const first = runChild();
    const exited = new Promise((resolve) => first.on('exit', resolve));
    // Wait until a batch is committed, then kill it at once: it is inside the next one (each batch takes 30 ms).
    await waitFor('a first batch committed', async () => (await checkpoint()) > 0);
    first.kill('SIGKILL');
    await exited;
    const afterKill = await checkpoint();
    const rowsAtKill = await pool.query('SELECT count(*)::int AS n, coalesce(max(pos), 0) AS max FROM crash_copy');
    expect(afterKill).toBeGreaterThan(0);
    expect(afterKill).toBeLessThan(Number((await pool.query('SELECT max(global_position) AS m FROM events')).rows[0].m));
    // Rows and checkpoint moved together: nothing past the checkpoint is in the read model.
    expect(Number(rowsAtKill.rows[0].max)).toBeLessThanOrEqual(afterKill);

    const second = runChild();
    const output: string[] = [];
    second.stdout!.on('data', (d) => output.push(String(d)));
    const code = await new Promise((resolve) => second.on('exit', resolve));
    expect(code).toBe(0);
    const rows = await pool.query('SELECT count(*)::int AS n, count(DISTINCT pos)::int AS d FROM crash_copy');
    expect(rows.rows[0]).toEqual({ n: TOTAL, d: TOTAL });
  });
});
