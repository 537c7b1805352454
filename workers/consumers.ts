import { Worker, type Job, type Queue, type WorkerOptions } from 'bullmq';
import type { Logger } from 'pino';
import type { QueueName, WorkerHandlers } from '../services/platform/jobs.ts';
import { withTimeout } from '../services/platform/unavailable.ts';

type Handler = (job: Job) => Promise<unknown>;

/** The handler of a job as BullMQ hands it over (its name a string read from Redis), if the registry has one. */
function handlerOf(handlers: WorkerHandlers, queue: QueueName, name: string): Handler | undefined {
  const ofQueue: Partial<Record<string, Handler>> = handlers[queue];
  return ofQueue[name];
}

export interface Consumers {
  close(): Promise<void>;
}

/** How often the watchdog looks, and how long a queue may wait with nothing running before its consumer is replaced. */
const WATCH_EVERY_MS = 5000;

/**
 * One BullMQ worker per queue, and a watchdog: a queue that has jobs waiting and none running at two
 * looks in a row gets a new worker in place of the old one. After a Redis Cluster node restarts, a
 * worker whose blocking wait was on that node can stay parked on a connection that no longer receives
 * anything (BullMQ 6 on ioredis 6), while producers carry on; the sweeps would keep queueing jobs nobody takes.
 */
export function startConsumers(
  queues: Record<QueueName, Queue>,
  handlers: WorkerHandlers,
  optionsOf: (name: QueueName) => WorkerOptions,
  log: Logger,
): Consumers {
  const start = (name: QueueName) => {
    const worker = new Worker(
      name,
      async (job) => {
        const handler = handlerOf(handlers, name, job.name);
        if (!handler) throw new Error(`no handler for ${name}/${job.name}`);
        return handler(job);
      },
      optionsOf(name),
    );
    worker.on('failed', (job, err) => log.warn({ queue: name, job: job?.name, data: job?.data, err: err.message }, 'job failed'));
    worker.on('error', (err) => log.warn({ queue: name, err: err.message }, 'worker error'));
    return worker;
  };
  const names = Object.keys(queues) as QueueName[];
  const workers = new Map(names.map((name) => [name, start(name)]));
  const stuck = new Set<QueueName>();
  let closed = false;

  const look = async () => {
    for (const name of names) {
      if (closed) return;
      const counts = await queues[name].getJobCounts('waiting', 'active').catch(() => null);
      if (!counts || counts.waiting === 0 || counts.active > 0) {
        stuck.delete(name);
        continue;
      }
      if (!stuck.has(name)) {
        stuck.add(name);
        continue;
      }
      stuck.delete(name);
      log.warn({ queue: name, waiting: counts.waiting }, 'jobs waiting and none running: the queue gets a new worker');
      const old = workers.get(name)!;
      workers.set(name, start(name));
      void closeWithin(old, 10_000);
    }
  };
  let timer: NodeJS.Timeout;
  const schedule = () => {
    timer = setTimeout(() => void look().finally(() => closed || schedule()), WATCH_EVERY_MS);
    timer.unref();
  };
  schedule();

  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await Promise.all([...workers.values()].map((w) => closeWithin(w, 10_000)));
    },
  };
}

/**
 * Closes a worker, letting its running jobs end; one that cannot reach Redis is disconnected after `ms`.
 * The disconnect is bounded too: it tells its connections to end at once, then waits for them to say
 * so, which a Cluster connection to a node that was restarted may never do (a test's teardown hung on it).
 */
async function closeWithin(worker: Worker, ms: number): Promise<void> {
  const late = await withTimeout(worker.close(), ms, 'closing a worker').then(() => false, () => true);
  if (late) await withTimeout(worker.disconnect(), ms, 'disconnecting a worker').catch(() => {});
}
