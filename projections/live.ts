import type pg from 'pg';
import { APPENDED_CHANNEL } from '../services/eventstore/notifier.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { listen, type Listening } from '../services/platform/listen.ts';
import { catchUp, type Wakes } from './catch-up.ts';
import { projections as allProjections } from './registry.ts';

/** Every read model, for a catch-up of the live ones. */
export const everyReadModel = allProjections.map((projection) => ({ projection }));

/**
 * A backlog (a worker starting after others appended, a burst) is caught up by two groups of the read
 * models side by side, in batches of 5,000: on two cores, the process works on one group's batch while
 * Postgres writes the other's. On the bench's log of 100,000 events, in a process of its own: 2.9 s in
 * two groups of batches of 1,000, 2.2–2.5 s of 5,000 (5.2 s alone, on a slower machine, before the
 * groups; three groups, or batches of 10,000, did no better).
 */
export const BACKLOG = { groups: 2, batchSize: 5000 };

/**
 * Under a steady stream (batches of 32 events or more, with more behind them), the next batch waits
 * 20 ms to carry more. The bench's lag scenario (1,000 events a second) makes batches of 1–7 events
 * (16 or more in 4 of some 3,800) and does not wait; its debits over 1,000 organizations (some 2,500 a
 * second) make batches of 16–63. Waiting 3 ms, the worker with its Postgres spent 0.25 ms a debit
 * instead of 0.29–0.31 (2026-11-29, the machine of 07:25); waiting 8 ms, 0.18–0.20 instead of
 * 0.23–0.25, and 0.09–0.11 instead of 0.13–0.14 on the hot organization (alternating runs, the machine
 * of 12:33), with the lag's p99 at 11 ms and the webhook's at 37 ms (12–17 and 43–60 waiting 3 ms).
 * Waiting 20 ms (2026-11-30, the machine of the session of 12:08, four pairs of `BENCH_ONLY=writes`
 * runs, two with each first): 155–164 µs a debit instead of 195–215, and 2,865–3,037 debits/s over
 * 1,000 organizations instead of 2,603–2,874, 4,597–4,903 on the hot one instead of 4,542–4,710,
 * 2,584–2,700 on two API processes instead of 2,361–2,464; the webhook's p99 38 ms against 36. What it
 * costs: under such a stream, a read model is up to 12 ms later than waiting 8 ms would leave it.
 */
export const GATHER = { from: 32, ms: 20 };

/**
 * The worker's side of "read models woken in-process": LISTENs to the notification sent after each
 * committed append and catches every live read model up at once, together (one catch-up of them all).
 * A wake-up that arrives during a catch-up is served by its next loop. A tick wakes it every second
 * as well; the workers' `catch-up-all` job is the safety net across processes.
 */
export class LiveCatchUp {
  private listener: Listening | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** A catch-up waiting for a wake-up (wakes.within), let go by the next one. */
  private waiting: (() => void) | null = null;
  private tick: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly connectionString: string,
    private readonly onError: (err: unknown) => void,
    /** Pipelining connections for the small batches (catchUp's `pipelined`); without it, all run on `pool`. */
    private readonly pipelined?: pg.Pool,
  ) {}

  async start(): Promise<this> {
    // Events held back past the settle wait by a transaction that was still open, and that ended
    // without an append's wake-up, are caught up on the next one: this tick makes sure there is one
    // even in a process without the job queue's safety net (a full run lost a wake-up without it).
    this.tick = setInterval(() => this.wake(), 1000);
    this.tick.unref();
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
      this.waiting?.();
      return;
    }
    this.running = (async () => {
      this.again = false;
      // A wake-up during the catch-up is served by its next loop; one during a failure's fallback by a pass of its own.
      const options = { liveOnly: true, signal: this.abort.signal, settleMs: 200, wakes: this.wakes, pipelined: this.pipelined, backlog: BACKLOG, gather: GATHER };
      do await catchUp(this.pool, this.store, everyReadModel, options).catch(this.onError);
      while (this.wakes.taken());
    })().finally(() => {
      this.running = null;
    });
  }

  /** The wake-ups that come during a catch-up: taken by its next loop, and ending its wait for a transaction still open. */
  private readonly wakes: Wakes = {
    taken: () => {
      const again = this.again;
      this.again = false;
      return again && !this.abort.signal.aborted;
    },
    // At once if a wake-up is waiting (it stays to be taken).
    within: (ms) =>
      this.again
        ? Promise.resolve()
        : new Promise((resolve) => {
            const done = () => {
              clearTimeout(timer);
              if (this.waiting === done) this.waiting = null;
              resolve();
            };
            const timer = setTimeout(done, ms);
            this.waiting = done;
          }),
  };

  async close(): Promise<void> {
    if (this.tick) clearInterval(this.tick);
    this.abort.abort();
    await this.listener?.close();
    await this.running;
  }
}
