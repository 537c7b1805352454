import type { Queue } from 'bullmq';
import { catchUpJob } from '../workers/jobs.ts';
import { projectionsFor } from './registry.ts';

/**
 * Turns appends into deduplicated catch-up jobs. Wake-ups of one tick are merged into one
 * `addBulk`, and a wake-up that arrives while the same projection is being caught up is kept
 * (keepLastIfActive), so none is lost.
 */
export class Waker {
  private pending = new Set<string>();
  private scheduled = false;

  constructor(
    private readonly queue: Queue,
    private readonly onError: (err: unknown) => void,
  ) {}

  wake(types: Iterable<string>): void {
    for (const projection of projectionsFor(types)) this.pending.add(projection.name);
    if (this.scheduled || this.pending.size === 0) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const names = [...this.pending];
    this.pending.clear();
    this.queue.addBulk(names.map(catchUpJob)).catch(this.onError);
  }
}
