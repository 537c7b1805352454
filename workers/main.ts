import { Queue } from 'bullmq';
import pino from 'pino';
import { ensureProjections } from '../projections/projector.ts';
import { rebuildsToResume } from '../projections/rebuild.ts';
import { projections } from '../projections/registry.ts';
import { loadConfig, type Config } from '../services/platform/config.ts';
import { connectRedis, queuePrefix } from '../services/platform/redis.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { wakeOnAppend } from '../projections/waker.ts';
import { LiveCatchUp } from '../projections/live.ts';
import { createPool, poolTimeouts } from '../services/platform/pool.ts';
import { QUEUE_NAMES, queueAgain, rebuildJob, type QueueName, type WorkerHandlers } from '../services/platform/jobs.ts';
import { startConsumers } from './consumers.ts';
import { startHeartbeat } from './heartbeat.ts';
import { serveMetrics } from './metrics-server.ts';
import { ledgerHandlers } from './ledger.ts';
import { projectorHandlers } from './projector.ts';
import { replayHandlers } from './replay.ts';
import { keepSchedulers, schedulersOf } from './schedulers.ts';
import { stripeWebhookHandlers } from './stripe-webhooks.ts';
import { webhooksOutHandlers } from './webhooks-out.ts';
import { billingMode, stripeClient } from '../services/billing/stripe.ts';
import { createOrgCredits } from '../services/orgs/stream.ts';

export interface RunningWorkers {
  /** Where GET /metrics of this worker answers (METRICS_PORT), if anywhere. */
  metricsPort: number | null;
  close(): Promise<void>;
}

/** Jobs kept after they end, by count and age, so that Redis holds a bounded number of keys. */
const KEEP_COMPLETED = { count: 100, age: 3600 };
const KEEP_FAILED = { count: 1000, age: 7 * 24 * 3600 };

/** Starts every queue's worker, with a handler for every job of the registry (their type requires one). */
export async function startWorkers(config: Config): Promise<RunningWorkers> {
  const log = pino({ level: config.LOG_LEVEL, name: 'workers' });
  // A lost connection is logged and replaced, never fatal: the pool opens another, BullMQ's Redis
  // reconnects with backoff (and waits: maxRetriesPerRequest null, as BullMQ's workers need).
  const connectionLost = (err: Error) => log.warn({ err: err.message }, 'postgres connection lost');
  const pool = createPool(config.DATABASE_URL, Math.min(config.DB_POOL_MAX, config.WORKER_CONCURRENCY + 4), poolTimeouts(config), connectionLost);
  await ensureProjections(pool);
  const store = new EventStore(pool);
  const connection = connectRedis(config, {
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(100 * times, 2000),
  });
  connection.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
  const abort = new AbortController();
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => {
      const queue = new Queue(name, { connection, prefix: queuePrefix(config.REDIS_PREFIX, name) });
      queue.on('error', (err) => log.warn({ queue: name, err: err.message }, 'queue error'));
      return [name, queue];
    }),
  ) as Record<QueueName, Queue>;

  // Appends made here (the Stripe worker's) wake the read models like the API's do.
  const wakeUps = wakeOnAppend(store, config.DATABASE_URL, (err) => log.warn({ err }, 'could not signal an append'));
  // Every committed append wakes the read models here at once (BullMQ's safety net stays behind it).
  // Its batches of a few events run on pipelining connections (two: one batch at a time, and a spare).
  const pipelined = createPool(config.DATABASE_URL, 2, poolTimeouts(config), connectionLost, { pipeline: true });
  const live = await new LiveCatchUp(pool, store, config.DATABASE_URL, (err) => log.warn({ err }, 'in-process catch-up failed (the safety net will retry)'), pipelined).start();

  const credits = createOrgCredits({ store, metrics: { commands: 0, retries: 0 }, queues: { ledger: queues.ledger }, log });
  const handlers: WorkerHandlers = {
    projector: projectorHandlers({ pool, store, queue: queues.projector, signal: abort.signal }),
    replay: replayHandlers({ pool, store, projector: queues.projector, signal: abort.signal }),
    'stripe-webhooks': stripeWebhookHandlers({ pool, queue: queues['stripe-webhooks'], store, log, credits, stripe: billingMode(config) === 'stripe' ? () => stripeClient(config) : undefined }),
    ledger: ledgerHandlers({ pool, store, credits, log, config, stripeQueue: queues['stripe-webhooks'] }),
    'webhooks-out': webhooksOutHandlers({
      pool,
      queue: queues['webhooks-out'],
      log,
      production: config.NODE_ENV === 'production',
      allowPrivate: config.ALLOW_PRIVATE_WEBHOOK_URLS,
      firstRetryMs: config.WEBHOOK_FIRST_RETRY_MS,
    }),
  };

  const concurrency: Record<QueueName, number> = {
    ...(Object.fromEntries(QUEUE_NAMES.map((name) => [name, config.WORKER_CONCURRENCY])) as Record<QueueName, number>),
    // Every read model can catch up at once: a slow one never keeps another waiting.
    projector: Math.max(config.WORKER_CONCURRENCY, projections.length),
    replay: 2,
  };
  const consumers = startConsumers(queues, handlers, (name) => ({
    connection,
    prefix: queuePrefix(config.REDIS_PREFIX, name),
    concurrency: concurrency[name],
    // A job's lock lasts WORKER_LOCK_MS (2 s) and is renewed every half of it while the job runs;
    // every worker checks for stalled jobs as often. A dead worker's job has lost its lock within
    // 2 s and is seen by the next check or the one after: back in the queue within about 4 s
    // (lock + one interval), well under 5. A busy event loop that misses a renewal only makes a
    // job run twice, which every handler tolerates (checkpoints, idempotency keys).
    lockDuration: config.WORKER_LOCK_MS,
    stalledInterval: config.WORKER_LOCK_MS,
    maxStalledCount: 5,
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  }), log);

  // The safety net and the sweeps: registered now, and again whenever Redis loses them.
  const schedulers = await keepSchedulers(queues, schedulersOf(config), config.SCHEDULER_CHECK_MS, log);
  await queues.projector.add('catch-up-all', {}, { removeOnComplete: true, removeOnFail: true });
  await resumeRebuilds(pool, queues.replay);
  const heartbeat = startHeartbeat({ redis: connection, pool, prefix: config.REDIS_PREFIX, everyMs: config.HEARTBEAT_MS, staleMs: config.HEARTBEAT_STALE_MS, log });
  const metrics = config.METRICS_PORT === undefined ? null : await serveMetrics(config.HOST, config.METRICS_PORT, config.METRICS_TOKEN, log);
  log.info({ metricsPort: metrics?.port ?? null }, 'workers started');

  let closing: Promise<void> | null = null;
  return {
    metricsPort: metrics?.port ?? null,
    close() {
      // Closing twice (a test that stops the workers early, then its teardown) closes once.
      closing ??= (async () => {
        schedulers.stop();
        await heartbeat.stop();
        await metrics?.close();
        abort.abort();
        await live.close();
        await consumers.close();
        await Promise.all(Object.values(queues).map((q) => q.close()));
        connection.disconnect();
        await wakeUps.close();
        await Promise.all([pool.end(), pipelined.end()]);
      })();
      return closing;
    },
  };
}

/** Rebuilds that a crash interrupted, and read models whose code asks for a newer version. */
async function resumeRebuilds(pool: ReturnType<typeof createPool>, replay: Queue): Promise<void> {
  await queueAgain(replay, (await rebuildsToResume(pool)).map(rebuildJob));
}
