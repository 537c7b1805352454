import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { heartbeatKey } from '../../services/platform/jobs.ts';
import { startHeartbeat } from '../../workers/heartbeat.ts';
import { deleteRedisPrefix, REDIS_URL } from '../support/app.ts';
import { PG_ADMIN_URL } from '../support/db.ts';
import { waitFor } from '../support/processes.ts';

/**
 * A stopped worker leaves no heartbeat behind. A beat whose query was still running when the worker
 * stopped used to record the process after stop() had removed it, so the readiness check counted a
 * worker that had left for the next minutes (seen once in a full run of health.test.ts).
 */
const prefix = `hb-${randomUUID().slice(0, 8)}`;
const redis = new Redis(REDIS_URL);
const pool = new pg.Pool({ connectionString: PG_ADMIN_URL, max: 2 });

afterAll(async () => {
  await deleteRedisPrefix(prefix);
  redis.disconnect();
  await pool.end();
});

describe('startHeartbeat', () => {
  it('leaves no member behind when stopped while a beat is in flight, however often it beats', async () => {
    const key = heartbeatKey(prefix);
    for (let round = 0; round < 30; round++) {
      // Beating every millisecond, a beat is nearly always between its query and its write when stop comes.
      const beating = startHeartbeat({ redis, pool, prefix, everyMs: 1, staleMs: 60_000, log: pino({ level: 'silent' }) });
      await waitFor('a first beat', async () => (await redis.zcard(key)) > 0, 5_000);
      await beating.stop();
      // Once no query of the heartbeat is running, any write that followed one has gone out on this
      // same connection before the count below.
      await waitFor('the heartbeat\'s queries to end', async () => pool.idleCount === pool.totalCount && pool.waitingCount === 0, 5_000);
      expect(await redis.zcard(key)).toBe(0);
    }
  });
});
