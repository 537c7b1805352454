// Postgres's checkpoints around a scenario. A checkpoint writes out every page changed since the last
// one and syncs the files; one that the WAL of the scenarios before set going (a rebuild writes some
// 1 GB) ran, spread, through the next one: on the machine of the session of 2026-11-30 19:40, the
// webhook's p99 was 158–281 ms when it ran beside such a checkpoint and 50–61 ms after one taken
// first. The latency scenarios start after one (bench/run.ts `measured`).
import type pg from 'pg';

/** Checkpoints the server has begun so far (timed and requested; any database's). */
export async function checkpointsSoFar(pool: pg.Pool): Promise<number> {
  const res = await pool.query('SELECT (checkpoints_timed + checkpoints_req)::int AS n FROM pg_stat_bgwriter');
  return res.rows[0].n as number;
}

let refused = false;

/**
 * A checkpoint now, so that a latency scenario does not pay for what the ones before it wrote. It needs a
 * superuser or the role pg_checkpoint: without either, the scenario runs as it is (said once).
 */
export async function checkpointNow(pool: pg.Pool): Promise<void> {
  if (refused) return;
  try {
    const before = await checkpointsSoFar(pool);
    await pool.query('CHECKPOINT');
    // The checkpointer wakes the waiting backend before it reports the checkpoint to the statistics: a
    // count read at once may not show it yet, and the scenario would count it as its own.
    for (const until = Date.now() + 2000; (await checkpointsSoFar(pool)) <= before && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
  } catch (err) {
    if ((err as { code?: string }).code !== '42501') throw err;
    refused = true;
    console.log('  (CHECKPOINT refused: this role is neither a superuser nor in pg_checkpoint; each scenario may pay for the checkpoints of those before it)');
  }
}
