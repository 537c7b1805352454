import type { Queue } from 'bullmq';
import type { Logger } from 'pino';
import type { Config } from '../services/platform/config.ts';
import { EVENT_PARTITIONS, LEDGER_SWEEP, USAGE_IDS_PURGE, type QueueName } from '../services/platform/jobs.ts';

/** A repeating job of a fixed id: upserting it again never makes a second one. Every `everyMs` (and once at once), or at the times of a cron `pattern`. */
export type Scheduler = { queue: QueueName; id: string; job: string } & ({ everyMs: number; pattern?: never } | { pattern: string; everyMs?: never });

/** Every job scheduler of the workers (add a queue's sweep here and it is kept alive like the others). */
export const schedulersOf = (config: Config): Scheduler[] => [
  { queue: 'projector', id: 'safety-net', everyMs: config.SAFETY_NET_MS, job: 'catch-up-all' },
  { queue: 'stripe-webhooks', id: 'stripe-sweep', everyMs: config.STRIPE_SWEEP_MS, job: 'sweep' },
  { queue: 'stripe-webhooks', id: 'stripe-reconcile', everyMs: config.STRIPE_RECONCILE_MS, job: 'reconcile' },
  { queue: 'ledger', id: LEDGER_SWEEP.id, everyMs: LEDGER_SWEEP.everyMs, job: 'sweep' },
  { queue: 'ledger', id: USAGE_IDS_PURGE.id, everyMs: USAGE_IDS_PURGE.everyMs, job: 'purge-usage-ids' },
  { queue: 'webhooks-out', id: 'webhooks-out-sweep', everyMs: config.WEBHOOK_SWEEP_MS, job: 'sweep' },
  { queue: 'replay', id: EVENT_PARTITIONS.id, everyMs: EVENT_PARTITIONS.everyMs, job: 'event-partitions' },
  { queue: 'ledger', id: 'audit-heads', pattern: config.AUDIT_HEADS_CRON, job: 'sign-heads' },
  { queue: 'replay', id: 'drift-check', pattern: config.DRIFT_CHECK_CRON, job: 'drift-check' },
];

/** A scheduled run leaves nothing behind when it succeeds, and only a few recent failures. */
export const SCHEDULED_JOB_OPTIONS = { removeOnComplete: true, removeOnFail: { count: 20, age: 3600 } } as const;

const upsert = (queues: Record<QueueName, Queue>, s: Scheduler) =>
  queues[s.queue].upsertJobScheduler(s.id, s.pattern ? { pattern: s.pattern } : { every: s.everyMs }, { name: s.job, data: {}, opts: SCHEDULED_JOB_OPTIONS });

/** States of a scheduler's next job in which it will still run (anything else: the scheduler has stopped). */
const RUNNING_STATES = new Set(['delayed', 'waiting', 'active', 'prioritized', 'waiting-children']);

/**
 * Whether a scheduler still runs: it exists and its next job is queued or running. A Redis flushed
 * under a running job of a scheduler leaves the scheduler in place with its next job dead (the worker
 * wrote the job's failure into a new hash without the scheduler's name), so nothing would ever queue
 * the next one. Checked twice before it is called dead (`suspects`): a job that just finished is
 * followed by its successor, which moves `next`. A stuck one is cleared here (the scheduler and its
 * dead job), so that the caller registers it afresh.
 */
async function stopped(queue: Queue, s: Scheduler, suspects: Map<string, number>): Promise<'lost' | 'stuck' | null> {
  const found = await queue.getJobScheduler(s.id);
  if (!found) return 'lost';
  const next = Number(found.next);
  if (RUNNING_STATES.has(await queue.getJobState(`repeat:${s.id}:${next}`))) {
    suspects.delete(s.id);
    return null;
  }
  if (suspects.get(s.id) !== next) {
    suspects.set(s.id, next);
    return null;
  }
  suspects.delete(s.id);
  await queue.removeJobScheduler(s.id);
  await queue.remove(`repeat:${s.id}:${next}`);
  return 'stuck';
}

const STUCK_CHECK_MS = 10_000;

/**
 * Registers every scheduler, then checks every `checkMs` that each still runs and registers again
 * any that Redis lost or stopped (flushed, restarted without persistence): the sweeps come back by
 * themselves.
 */
export async function keepSchedulers(queues: Record<QueueName, Queue>, list: Scheduler[], checkMs: number, log: Logger): Promise<{ stop(): void }> {
  for (const s of list) await upsert(queues, s);
  // The check under way and when it began. One that has not ended after STUCK_CHECK_MS (a command to a
  // master that went away may wait for it, without a bound, on BullMQ's connections) is left behind and
  // a fresh one starts: the keeper itself never stops.
  let check = 0;
  let since = 0;
  const suspects = new Map<string, number>();
  const timer = setInterval(async () => {
    if (since && Date.now() - since < Math.max(STUCK_CHECK_MS, 10 * checkMs)) return;
    if (since) log.warn({ waitedMs: Date.now() - since }, 'a check of the job schedulers has not ended (a Redis command still waits): starting another');
    const mine = ++check;
    since = Date.now();
    try {
      for (const s of list) {
        const why = await stopped(queues[s.queue], s, suspects);
        if (!why) continue;
        await upsert(queues, s);
        log.warn({ queue: s.queue, scheduler: s.id, why }, 'job scheduler was lost or stopped (Redis flushed or restarted): registered again');
      }
    } catch (err) {
      log.warn({ err: (err as Error).message }, 'could not check the job schedulers');
    } finally {
      if (check === mine) since = 0;
    }
  }, checkMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
