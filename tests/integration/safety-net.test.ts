import { describe, expect, it } from 'vitest';
import { projectionsBehind, MOVING_SECONDS } from '../../projections/status.ts';
import { usageDailyProjection } from '../../projections/usage-daily/index.ts';
import { appendLedger } from '../support/events.ts';
import { storeDatabase } from '../support/store-db.ts';

const on = storeDatabase([usageDailyProjection]);

const checkpointMovedSecondsAgo = (seconds: number) =>
  on.pool.query(`UPDATE projection_checkpoints SET updated_at = now() - make_interval(secs => $1) WHERE name = 'usage_daily'`, [seconds]);

describe('the safety net (projectionsBehind)', () => {
  it('leaves a read model whose checkpoint moved in the last second to its live catch-up, and takes it once it stands still', async () => {
    await appendLedger(on.store, 3, 3);
    await checkpointMovedSecondsAgo(0);
    expect((await projectionsBehind(on.pool)).map((b) => b.name)).not.toContain('usage_daily');
    await checkpointMovedSecondsAgo(MOVING_SECONDS + 1);
    expect(await projectionsBehind(on.pool)).toContainEqual({ name: 'usage_daily', version: usageDailyProjection.version, failed: false });
  });

  it('retries a failed read model a minute after its failure, however recently its checkpoint moved', async () => {
    await checkpointMovedSecondsAgo(0);
    await on.pool.query(`UPDATE projection_checkpoints SET status = 'failed', error_at = now() - interval '2 minutes' WHERE name = 'usage_daily'`);
    expect(await projectionsBehind(on.pool)).toContainEqual({ name: 'usage_daily', version: usageDailyProjection.version, failed: true });
    await on.pool.query(`UPDATE projection_checkpoints SET error_at = now() WHERE name = 'usage_daily'`);
    expect((await projectionsBehind(on.pool)).map((b) => b.name)).not.toContain('usage_daily');
  });
});
