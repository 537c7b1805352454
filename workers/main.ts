import { fileURLToPath } from 'node:url';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { ensureProjections } from '../projections/projector.ts';
import { loadConfig, redisConnectionOptions, type Config } from '../services/config.ts';
import { EventStore } from '../services/eventstore/store.ts';
import { createPool } from '../services/http/plugins/db.ts';
import { checkServices } from '../services/preflight.ts';
import { QUEUE_NAMES, type QueueName } from './jobs.ts';
import { projectorHandlers } from './projector.ts';

type Handler = (job: Job) => Promise<unknown>;

export interface RunningWorkers {
  close(): Promise<void>;
}

/** Starts every queue's worker. Refuses to start when a job of the registry has no handler. */
export async function startWorkers(config: Config): Promise<RunningWorkers> {
  const log = pino({ level: config.LOG_LEVEL, name: 'workers' });
  const pool = createPool(config.DATABASE_URL, 10);
  await ensureProjections(pool);
  const store = new EventStore(pool);
  const connection = new Redis({ ...redisConnectionOptions(config.REDIS_URL), maxRetriesPerRequest: null });
  connection.on('error', (err) => log.warn({ err: err.message }, 'redis connection error'));
  const abort = new AbortController();
  const queues = Object.fromEntries(
    QUEUE_NAMES.map((name) => [name, new Queue(name, { connection, prefix: config.REDIS_PREFIX })]),
  ) as Record<QueueName, Queue>;

  const handlers: Record<QueueName, Record<string, Handler>> = {
    projector: projectorHandlers({ pool, store, queue: queues.projector, signal: abort.signal }) as Record<string, Handler>,
  };
  const expected: Record<QueueName, string[]> = { projector: ['catch-up', 'catch-up-all'] };
  for (const queue of QUEUE_NAMES) {
    const missing = expected[queue].filter((name) => !handlers[queue][name]);
    if (missing.length) throw new Error(`queue ${queue} has no handler for ${missing.join(', ')}`);
  }

  const workers = QUEUE_NAMES.map((name) => {
    const worker = new Worker(
      name,
      async (job) => {
        const handler = handlers[name][job.name];
        if (!handler) throw new Error(`no handler for ${name}/${job.name}`);
        return handler(job);
      },
      { connection, prefix: config.REDIS_PREFIX, concurrency: 8 },
    );
    worker.on('failed', (job, err) => log.warn({ queue: name, job: job?.name, data: job?.data, err: err.message }, 'job failed'));
    worker.on('error', (err) => log.warn({ queue: name, err: err.message }, 'worker error'));
    return worker;
  });

  await queues.projector.upsertJobScheduler('safety-net', { every: 1000 }, { name: 'catch-up-all', data: {} });
  await queues.projector.add('catch-up-all', {});
  log.info('workers started');

  return {
    async close() {
      abort.abort();
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(Object.values(queues).map((q) => q.close()));
      connection.disconnect();
      await pool.end();
    },
  };
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
