import type { Job, Queue } from 'bullmq';
import { waitFor } from './processes.ts';

/**
 * Waits until these jobs have run (completed, failed for good, or already removed) and their queue has
 * nothing waiting or running (what they enqueued has run too): after it, an absence can be checked.
 */
export async function jobsFinished(queue: Queue, jobs: Job[], timeoutMs = 60_000): Promise<void> {
  await waitFor(
    `jobs ${jobs.map((j) => j.name).join(', ')} of ${queue.name} to finish`,
    async () => {
      const states = await Promise.all(jobs.map((j) => j.getState()));
      if (!states.every((s) => s === 'completed' || s === 'failed' || s === 'unknown')) return false;
      const counts = await queue.getJobCounts('waiting', 'active', 'prioritized', 'waiting-children');
      return Object.values(counts).every((n) => n === 0);
    },
    timeoutMs,
  );
}

/**
 * Empties the queue of every catch-up of one read model: drained (waiting and delayed jobs) again until
 * none is left in any state. One drain is not enough: a catch-up running during it fails, and comes
 * back delayed by its backoff after it (on a slow machine it then caught up a read model a test had
 * left failed on purpose, once the test fixed its cause).
 */
export async function withoutCatchUps(queue: Queue, projection: string, timeoutMs = 20_000): Promise<void> {
  await waitFor(
    `no catch-up of ${projection} left in ${queue.name}`,
    async () => {
      await queue.drain(true);
      const jobs = await queue.getJobs(['active', 'waiting', 'delayed', 'prioritized']);
      return !jobs.some((job) => job?.name === 'catch-up' && job.data.projection === projection);
    },
    timeoutMs,
  );
}
