import pg from 'pg';
import { projectionsFor } from './registry.ts';
import { PROGRESS_CHANNEL, positionPassed } from './projector.ts';
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
export class ProjectionProgress {
  private readonly reached = new Map<string, LogPosition>();
  private readonly active = new Map<string, number>();
  private waiters: Waiter[] = [];
  private listener: pg.Client | null = null;
  private poll: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly pool: pg.Pool, private readonly connectionString: string) {}

  async start(): Promise<void> {
    await this.refresh();
    await this.listen();
    this.poll = setInterval(() => {
      if (this.waiters.length > 0) this.refresh().catch(() => {});
    }, 250);
    this.poll.unref();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (!msg.payload) return;
      const { name, version, xid, pos } = JSON.parse(msg.payload) as { name: string; version: number } & LogPosition;
      if (this.active.get(name) !== version) return;
      this.advance(name, { xid, pos });
    });
    client.on('error', () => {
      this.listener = null;
      if (!this.closed) setTimeout(() => this.listen().catch(() => {}), 500);
    });
    await client.connect();
    await client.query(`LISTEN ${PROGRESS_CHANNEL}`);
    this.listener = client;
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

  /** Resolves true once every read model fed by these event types has passed `target`, false on time-out. */
  async waitFor(types: Iterable<string>, target: LogPosition, timeoutMs = 2000): Promise<boolean> {
    const names = projectionsFor(types).map((p) => p.name);
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

  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const waiter of this.waiters) waiter.resolve(false);
    this.waiters = [];
    await this.listener?.end().catch(() => {});
  }
}
