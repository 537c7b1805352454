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
