import type { Queue } from 'bullmq';
import { AppendNotifier } from '../services/eventstore/notifier.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { catchUpJob } from '../services/platform/jobs.ts';
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

/** After every append: deduplicated catch-up jobs for the read models it feeds, and a coalesced NOTIFY. */
export function wakeOnAppend(store: EventStore, queue: Queue, databaseUrl: string, onError: (err: unknown) => void): { close(): Promise<void> } {
  const waker = new Waker(queue, onError);
  const notifier = new AppendNotifier(databaseUrl, onError);
  store.onAppended((result, types) => {
    waker.wake(types);
    notifier.notify(result.position.pos);
  });
  return { close: () => notifier.close() };
}
