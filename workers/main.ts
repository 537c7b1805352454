import { fileURLToPath } from 'node:url';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { ensureProjections } from '../projections/projector.ts';
import { projections } from '../projections/registry.ts';
import { loadConfig, redisConnectionOptions, type Config } from '../services/config.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { wakeOnAppend } from '../projections/waker.ts';
import { createPool } from '../services/http/plugins/db.ts';
import { checkServices } from '../services/preflight.ts';
import { JOB_NAMES, QUEUE_NAMES, rebuildJobId, type QueueName } from './jobs.ts';
import { projectorHandlers } from './projector.ts';
import { replayHandlers } from './replay.ts';
import { stripeWebhookHandlers } from './stripe-webhooks.ts';

type Handler = (job: Job) => Promise<unknown>;

export interface RunningWorkers {
  close(): Promise<void>;
}

const SAFETY_NET_MS = 1000;

/** Starts every queue's worker. Refuses to start when a job of the registry has no handler. */
export async function startWorkers(config: Config): Promise<RunningWorkers> {
  const log = pino({ level: config.LOG_LEVEL, name: 'workers' });
  const pool = createPool(config.DATABASE_URL, Math.min(config.DB_POOL_MAX, config.WORKER_CONCURRENCY + 4));
  await ensureProjections(pool);
  const store = new EventStore(pool);
  const connection = new Redis({ ...redisConnectionOptions(config.REDIS_URL), maxRetriesPerRequest: null });
  connection.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
  const abort = new AbortController();
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix: config.REDIS_PREFIX })]),
  ) as Record<QueueName, Queue>;

  // Appends made here (the Stripe worker's) wake the read models like the API's do.
  const wakeUps = wakeOnAppend(store, queues.projector, config.DATABASE_URL, (err) => log.warn({ err }, 'could not signal an append'));

  const handlers: Record<QueueName, Record<string, Handler>> = {
    projector: projectorHandlers({ pool, store, queue: queues.projector, signal: abort.signal }) as Record<string, Handler>,
    replay: replayHandlers({ pool, store, projector: queues.projector, signal: abort.signal }) as Record<string, Handler>,
    'stripe-webhooks': stripeWebhookHandlers({ pool, queue: queues['stripe-webhooks'], store, log }) as Record<string, Handler>,
  };
  for (const queue of QUEUE_NAMES) {
    const missing = JOB_NAMES[queue].filter((name) => !handlers[queue][name]);
    if (missing.length) throw new Error(`queue ${queue} has no handler for ${missing.join(', ')}`);
  }

  const concurrency: Record<QueueName, number> = {
    ...(Object.fromEntries(QUEUE_NAMES.map((name) => [name, config.WORKER_CONCURRENCY])) as Record<QueueName, number>),
    // Every read model can catch up at once: a slow one never keeps another waiting.
    projector: Math.max(config.WORKER_CONCURRENCY, projections.length),
    replay: 2,
  };
  const workers = QUEUE_NAMES.map((name) => {
    const worker = new Worker(
      name,
      async (job) => {
        const handler = handlers[name][job.name];
        if (!handler) throw new Error(`no handler for ${name}/${job.name}`);
        return handler(job);
      },
      {
        connection,
        prefix: config.REDIS_PREFIX,
        concurrency: concurrency[name],
        lockDuration: config.WORKER_LOCK_MS,
        stalledInterval: config.WORKER_LOCK_MS,
      },
    );
    worker.on('failed', (job, err) => log.warn({ queue: name, job: job?.name, data: job?.data, err: err.message }, 'job failed'));
    worker.on('error', (err) => log.warn({ queue: name, err: err.message }, 'worker error'));
    return worker;
  });

  // The safety net is re-registered now and then, so that it survives Redis losing every key.
  const upsertSafetyNet = () =>
    queues.projector.upsertJobScheduler('safety-net', { every: SAFETY_NET_MS }, { name: 'catch-up-all', data: {} });
  await upsertSafetyNet();
  const refresh = setInterval(() => upsertSafetyNet().catch((err) => log.warn({ err: err.message }, 'safety net')), 5000);
  await queues.projector.add('catch-up-all', {}, { removeOnComplete: true });
  await resumeRebuilds(pool, queues.replay);
  await queues['stripe-webhooks'].upsertJobScheduler('stripe-sweep', { every: 30_000 }, { name: 'sweep', data: {} });
  log.info('workers started');

  return {
    async close() {
      clearInterval(refresh);
      abort.abort();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
      await wakeUps.close();
      await pool.end();
    },
  };
}

/** Rebuilds that a crash interrupted, and read models whose code asks for a newer version. */
async function resumeRebuilds(pool: ReturnType<typeof createPool>, replay: Queue): Promise<void> {
  const res = await pool.query(
    `SELECT p.name, p.active_version, EXISTS (SELECT 1 FROM projection_checkpoints c WHERE c.name = p.name AND c.status = 'rebuilding') AS building
       FROM projections p`,
  );
  for (const row of res.rows) {
    const code = projections.find((p) => p.name === row.name);
    if (row.building || (code && code.version > row.active_version)) {
      await replay.add('rebuild', { projection: row.name }, { jobId: rebuildJobId(row.name), removeOnComplete: true, removeOnFail: true, attempts: 3 });
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const config = loadConfig();
  await checkServices(config);
  const running = await startWorkers(config);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      running.close().finally(() => process.exit(0));
    });
  }
}
