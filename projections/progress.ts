import type pg from 'pg';
import { listen, type Listening } from '../services/platform/listen.ts';
import { projections, projectionsFor } from './registry.ts';
import { PROGRESS_CHANNEL, positionPassed, readProgressNotice } from './projector.ts';
import type { LogPosition } from '../services/eventstore/types.ts';

interface Waiter {
  name: string;
  target: LogPosition;
  resolve: (reached: boolean) => void;
}

/**
 * Knows how far each live read model has come, from the projector's notifications, so that a
 * command can answer once the read models it changed show it (read-your-writes) without polling.
 */
const COMMAND_WAIT_MS = 5000;

export class ProjectionProgress {
  private readonly reached = new Map<string, LogPosition>();
  private readonly active = new Map<string, number>();
  private waiters: Waiter[] = [];
  private listener: Listening | null = null;
  private poll: NodeJS.Timeout | null = null;

  /** `pollMs`: how often the checkpoints are read while someone waits (0: never, only the notifications). */
  constructor(
    private readonly pool: pg.Pool,
    private readonly connectionString: string,
    private readonly pollMs = 250,
  ) {}

  async start(): Promise<void> {
    await this.refresh();
    await this.listen();
    if (this.pollMs <= 0) return;
    this.poll = setInterval(() => {
      if (this.waiters.length > 0) this.refresh().catch(() => {});
    }, this.pollMs);
    this.poll.unref();
  }

  /** Reconnects by itself; after a reconnection it reads the checkpoints again (notifications were missed meanwhile). */
  private async listen(): Promise<void> {
    let first = true;
    this.listener = await listen(this.connectionString, [PROGRESS_CHANNEL], {
      onNotification: (_channel, payload) => {
        const notice = readProgressNotice(payload);
        if (!notice) return;
        for (const [name, version] of Object.entries(notice.versions)) if (this.active.get(name) === version) this.advance(name, { xid: notice.xid, pos: notice.pos });
      },
      onConnected: () => {
        if (!first) this.refresh().catch(() => {});
        first = false;
      },
    });
  }

  async refresh(): Promise<void> {
    const res = await this.pool.query(
      `SELECT c.name, c.version, c.last_xid::text AS xid, c.last_pos AS pos
         FROM projection_checkpoints c JOIN projections p ON p.name = c.name AND p.active_version = c.version`,
    );
    for (const row of res.rows) {
      this.active.set(row.name, row.version);
      this.advance(row.name, { xid: row.xid, pos: Number(row.pos) });
    }
  }

  private advance(name: string, position: LogPosition): void {
    const current = this.reached.get(name);
    if (!current || positionPassed(position, current)) this.reached.set(name, position);
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.name === name && positionPassed(position, waiter.target)) waiter.resolve(true);
      else still.push(waiter);
    }
    this.waiters = still;
  }

  /**
   * Resolves true once every read model fed by these event types has passed `target`, false on time-out.
   * A command's answer reads them right after, so the default leaves room for a busy worker (a catch-up
   * usually takes milliseconds; 2 s proved short on a loaded two-core machine).
   */
  waitFor(types: Iterable<string>, target: LogPosition, timeoutMs = COMMAND_WAIT_MS): Promise<boolean> {
    return this.waitForNames(projectionsFor(types).map((p) => p.name), target, timeoutMs);
  }

  private async waitForNames(names: string[], target: LogPosition, timeoutMs: number): Promise<boolean> {
    const pending = names.filter((name) => {
      const at = this.reached.get(name);
      return !at || !positionPassed(at, target);
    });
    if (pending.length === 0) return true;
    let timer: NodeJS.Timeout | undefined;
    const waits = pending.map(
      (name) => new Promise<boolean>((resolve) => this.waiters.push({ name, target, resolve })),
    );
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), timeoutMs);
    });
    const ok = await Promise.race([Promise.all(waits).then((all) => all.every(Boolean)), timeout]);
    clearTimeout(timer);
    if (!ok) this.waiters = this.waiters.filter((w) => !pending.includes(w.name) || w.target !== target);
    return ok;
  }

  /** Resolves true once every live read model has passed `target`, false on time-out. */
  waitForAll(target: LogPosition, timeoutMs = 2000): Promise<boolean> {
    return this.waitForNames(projections.map((p) => p.name), target, timeoutMs);
  }

  async close(): Promise<void> {
    if (this.poll) clearInterval(this.poll);
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
    await this.listener?.close();
  }
}
