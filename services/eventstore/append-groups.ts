import type { ChainedAppend } from './chained-append.ts';
import type { AppendResult } from './types.ts';

interface Waiting {
  append: ChainedAppend;
  resolve: (result: AppendResult | null) => void;
  reject: (err: unknown) => void;
}

/** The most appends one group statement carries. */
const MAX_GROUP = 64;

/**
 * Whether Postgres refused the statement while running it, so that its transaction wrote nothing: a
 * key or constraint broken (class 23), bad data (22), a serialization failure or deadlock, a statement
 * timeout. Not a terminated or lost connection (57P01, class 08, no code at all): that can come after
 * the commit, and sending the appends again would write them twice.
 */
function refused(err: unknown): boolean {
  const code = (err as { code?: unknown })?.code;
  return typeof code === 'string' && (code.startsWith('23') || code.startsWith('22') || ['40001', '40P01', '57014'].includes(code));
}

/** How long appends wait for one of those on their way before they go anyway. */
const STALL_MS = 25;

/**
 * Group commit. Appends wait for the end of the turn of the event loop they came in (setImmediate),
 * and those waiting then go together as one statement (appendGroup; one alone as appendAlone), while
 * fewer than `limit` of these statements are on their way to Postgres; the rest wait for one of those
 * to be answered, and then go at the end of that turn, with the appends its answers set off (each
 * caller's next). A statement's own work (its round trip, its transaction, its commit) is paid once
 * for the group: pgbench on this schema, 8 clients, did 8,650 appends a second one by one and 26,800
 * in statements of four.
 *
 * Sent at once instead (as until 2026-11-29), the first append of a turn went alone and the callers of
 * a group just answered set off their next appends one by one behind it, so the bench's 8 loops
 * appending one event each wrote some 2.6 appends a statement, at 7,003–7,962 appends a second; at the
 * end of the turn all 8 go together: 11,008–11,741 a second on the same machine, with less CPU (the
 * appending process 0.44 of a core instead of 0.49–0.54, Postgres 0.46–0.48 instead of 0.66–0.71),
 * and the debits over 1,000 organizations send 0.06 statements a debit instead of 0.09 (two API
 * processes: 0.13–0.14 instead of 0.23–0.24). README's Performance section has the runs.
 *
 * A group's outcome is each append's own: written, or null when its stream had moved (a clash, as
 * alone). When Postgres refuses the whole statement (a command key used before), nothing of it was
 * written, and each append is sent again alone to get its own answer. When the connection fails or is
 * terminated, whether it was written is unknown, as for an append alone: each is told the error.
 *
 * Appends on their way that take long (waiting for a row another process's transaction holds) do not
 * hold the others back: what has waited STALL_MS goes anyway, beyond the limit.
 */
export class AppendGroups {
  private onTheWay = 0;
  private readonly waiting: Waiting[] = [];
  private stall: NodeJS.Timeout | null = null;
  private turnEnd: NodeJS.Immediate | null = null;

  constructor(
    private readonly alone: (append: ChainedAppend) => Promise<AppendResult | null>,
    private readonly together: (group: ChainedAppend[]) => Promise<(AppendResult | null)[]>,
    private readonly limit: number,
    /** How long what waits beyond the limit waits at most (STALL_MS; tests set their own). */
    private readonly stallMs = STALL_MS,
  ) {}

  /** The append's result, or null when its stream had moved. */
  run(append: ChainedAppend): Promise<AppendResult | null> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ append, resolve, reject });
      if (this.onTheWay < this.limit) this.atTurnEnd();
      else this.guardStall();
    });
  }

  /** What still waits goes after `stallMs` even if those on their way are not answered by then. */
  private guardStall(): void {
    this.stall ??= setTimeout(() => {
      this.stall = null;
      this.next();
    }, this.stallMs).unref();
  }

  /** Sends a group (one append alone) and answers each of its appends. */
  private async send(group: Waiting[]): Promise<void> {
    this.onTheWay++;
    try {
      const results = group.length === 1 ? [await this.alone(group[0].append)] : await this.together(group.map((w) => w.append));
      group.forEach((w, i) => w.resolve(results[i]));
    } catch (err) {
      // A statement Postgres refused wrote nothing: each alone, for its own answer. Anything else (a
      // connection lost or terminated) may have come after the commit: told to each, never sent again.
      if (group.length > 1 && refused(err)) await Promise.all(group.map((w) => this.alone(w.append).then(w.resolve, w.reject)));
      else for (const w of group) w.reject(err);
    } finally {
      this.onTheWay--;
      this.atTurnEnd();
    }
  }

  /**
   * Sends what waits at the end of this turn of the event loop, up to `limit` statements on their way:
   * the appends that came in this turn go together, with those that answers of this turn set off (each
   * caller's next append), which otherwise went alone just before the rest.
   */
  private atTurnEnd(): void {
    this.turnEnd ??= setImmediate(() => {
      this.turnEnd = null;
      while (this.waiting.length > 0 && this.onTheWay < this.limit) this.next();
      if (this.waiting.length > 0) this.guardStall();
    });
  }

  /**
   * Sends what waits, up to MAX_GROUP appends to distinct streams (a second append to a stream waits for
   * the next group). Its callers decide whether it may: the turn's end below the limit, the stall beyond it.
   */
  private next(): void {
    if (this.waiting.length === 0) return;
    const streams = new Set<string>();
    const group: Waiting[] = [];
    for (let i = 0; i < this.waiting.length && group.length < MAX_GROUP; ) {
      const w = this.waiting[i];
      if (streams.has(w.append.streamId)) {
        i++;
        continue;
      }
      streams.add(w.append.streamId);
      group.push(w);
      this.waiting.splice(i, 1);
    }
    if (this.waiting.length === 0 && this.stall) {
      clearTimeout(this.stall);
      this.stall = null;
    }
    void this.send(group);
  }
}
