import type { JobsOptions, Queue } from 'bullmq';
import { holdExpiryJob, lotExpiryJob } from '../platform/jobs.ts';
import type { CreditEvent } from './events.ts';

/** A delayed job for every lot that will expire and every hold placed by these events. */
type ExpiryJob = { name: string; data: Record<string, string>; opts: JobsOptions };

export function expiryJobs(events: readonly CreditEvent[], now = Date.now()): ExpiryJob[] {
  return events.flatMap((e): ExpiryJob[] => {
    if (e.type === 'CreditsGranted' && e.data.expiresAt) return [lotExpiryJob(e.data.orgId, e.data.lotId, e.data.expiresAt, now)];
    if (e.type === 'HoldPlaced') return [holdExpiryJob(e.data.orgId, e.data.holdId, e.data.expiresAt, now)];
    return [];
  });
}

/**
 * Schedules those jobs without holding up the answer: a job lost here (Redis down) is caught by the
 * sweep, and the ledger never spends an expired credit whether or not the job has run.
 */
export function scheduleExpiries(queue: Queue | undefined, events: readonly CreditEvent[], onError: (err: unknown) => void): Promise<void> {
  const jobs = expiryJobs(events);
  if (!queue || jobs.length === 0) return Promise.resolve();
  return queue.addBulk(jobs).then(
    () => {},
    (err) => onError(err),
  );
}
