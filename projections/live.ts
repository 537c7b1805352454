import type pg from 'pg';
import { APPENDED_CHANNEL } from '../services/eventstore/notifier.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { listen, type Listening } from '../services/platform/listen.ts';
import { catchUp } from './catch-up.ts';
import { projections as allProjections } from './registry.ts';

/** Every read model, for a catch-up of the live ones. */
export const everyReadModel = allProjections.map((projection) => ({ projection }));

/**
 * The worker's side of "read models woken in-process": LISTENs to the notification sent after each
 * committed append and catches every live read model up at once, together (one catch-up of them all).
 * A wake-up that arrives during a catch-up is served by its next loop. The one safety net behind it
 * (events held back past the settle wait, a lost notification) is the workers' `catch-up-all` job.
 */
export class LiveCatchUp {
  private listener: Listening | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly abort = new AbortController();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly connectionString: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<this> {
    this.listener = await listen(this.connectionString, [APPENDED_CHANNEL], {
      onNotification: () => this.wake(),
      // Whatever was appended while not listening is caught up now.
      onConnected: () => this.wake(),
    });
    return this;
  }

  wake(): void {
    if (this.abort.signal.aborted) return;
    if (this.running) {
      this.again = true;
      return;
    }
    const woken = () => {
      const again = this.again;
      this.again = false;
      return again && !this.abort.signal.aborted;
    };
    this.running = (async () => {
      this.again = false;
      // A wake-up during the catch-up is served by its next loop; one during a failure's fallback by a pass of its own.
      do await catchUp(this.pool, this.store, everyReadModel, { liveOnly: true, signal: this.abort.signal, settleMs: 200, woken }).catch(this.onError);
      while (woken());
    })().finally(() => {
      this.running = null;
    });
  }

  async close(): Promise<void> {
    this.abort.abort();
    await this.listener?.close();
    await this.running;
  }
}
