import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { RedisConnection } from '../services/platform/redis.ts';
import type pg from 'pg';
import type { Logger } from 'pino';
import { heartbeatKey } from '../services/platform/jobs.ts';

export interface HeartbeatOptions {
  redis: RedisConnection;
  pool: pg.Pool;
  prefix: string;
  everyMs: number;
  staleMs: number;
  log: Logger;
}

/**
 * The worker says it is alive and can reach both stores: every `everyMs` it runs a query on its
 * Postgres pool, then records the time in a sorted set in Redis (one member per process, the old
 * ones trimmed, the key itself expiring). The API's readiness reads it. Stopping removes this
 * process at once, so a worker that left is not counted.
 */
export function startHeartbeat({ redis, pool, prefix, everyMs, staleMs, log }: HeartbeatOptions): { stop(): Promise<void> } {
  const key = heartbeatKey(prefix);
  const member = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const keepMs = Math.max(staleMs * 4, everyMs * 4);
  let beating: Promise<void> | null = null;
  let stopped = false;
  let failing = false;
  const beat = async () => {
    try {
      await pool.query('SELECT 1');
      // Stopped while the query ran: a beat recorded now would outlive the removal below.
      if (stopped) return;
      const now = Date.now();
      await redis.multi().zadd(key, now, member).zremrangebyscore(key, '-inf', now - keepMs).pexpire(key, keepMs).exec();
      if (failing) log.info('heartbeat: beating again');
      failing = false;
    } catch (err) {
      if (!failing) log.warn({ err: (err as Error).message }, 'heartbeat: could not beat');
      failing = true;
    }
  };
  const tick = () => {
    if (beating) return;
    beating = beat().finally(() => (beating = null));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      // A beat still in flight finishes (or gives up) before this process is removed, so it cannot add it back.
      const removed = Promise.resolve(beating).then(() => redis.zrem(key, member)).catch(() => 0);
      await Promise.race([removed, new Promise((r) => setTimeout(r, 500).unref())]);
    },
  };
}
