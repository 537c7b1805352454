import type pg from 'pg';
import { APPENDED_CHANNEL } from '../services/eventstore/notifier.ts';
import type { EventStore } from '../services/eventstore/store.ts';
import { comparePositions, type LogPosition } from '../services/eventstore/types.ts';
import { listen, type Listening } from '../services/platform/listen.ts';
import { BEGIN_BATCH, catchUp, notifyProgress } from './projector.ts';
import { projectionByName, projections as allProjections } from './registry.ts';
import { tableNames, type Projection } from './types.ts';

interface Live {
  projection: Projection;
  version: number;
  from: LogPosition;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Brings every live read model (the active version of each, not failed) up to the head of the log
 * together: one transaction per batch of the log, holding each one's batch lock (taken in name
 * order, so two of these never deadlock, and a per-projection catch-up simply waits its turn),
 * one read of the events any of them handles, each applying its own part, and one update of their
 * checkpoints. Progress is announced after the commit, never inside it. A batch one of them cannot
 * apply is rolled back and each is then caught up alone, so the failing one is recorded as such
 * and the others move on. Answers how many events were applied (summed over read models).
 */
export async function catchUpLive(
  pool: pg.Pool,
  store: EventStore,
  options: { batchSize?: number; settleMs?: number; signal?: AbortSignal; list?: readonly Projection[] } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 1000;
  const settleUntil = Date.now() + (options.settleMs ?? 1000);
  const names = (options.list ?? allProjections).map((p) => p.name);
  let total = 0;
  for (;;) {
    if (options.signal?.aborted) return total;
    const client = await pool.connect();
    let broken: Error | undefined;
    let read = 0;
    let moved: { live: Live; to: LogPosition }[] = [];
    let reached: LogPosition | null = null;
    try {
      await client.query(BEGIN_BATCH);
      const locked = await client.query(
        `SELECT name, version, pg_advisory_xact_lock(hashtext('projection:' || name || ':' || version))::text AS locked
           FROM (SELECT c.name, c.version FROM projection_checkpoints c
                   JOIN projections p ON p.name = c.name AND p.active_version = c.version
                  WHERE c.status = 'live' AND c.name = ANY($1::text[]) ORDER BY c.name) x`,
        [names],
      );
      if (locked.rowCount === 0) {
        await client.query('COMMIT');
        return total;
      }
      // Read under the locks: where each one stands now.
      const cps = await client.query(
        `SELECT name, version, last_xid::text AS xid, last_pos AS pos FROM projection_checkpoints
          WHERE (name, version) IN (SELECT * FROM unnest($1::text[], $2::int[])) AND status = 'live'`,
        [locked.rows.map((r) => r.name), locked.rows.map((r) => r.version)],
      );
      const live: Live[] = cps.rows.flatMap((r) => {
        const projection = projectionByName(r.name);
        return projection ? [{ projection, version: r.version as number, from: { xid: r.xid as string, pos: Number(r.pos) } }] : [];
      });
      const from = live.map((l) => l.from).reduce((a, b) => (comparePositions(a, b) <= 0 ? a : b));
      const types = [...new Set(live.flatMap((l) => l.projection.handles))];
      const batch = await store.readBatch(from, batchSize, types, client);
      read = batch.events.length;
      const last = batch.events.at(-1);
      const to = read < batchSize && batch.head && comparePositions(batch.head, from) > 0 ? batch.head : last ? { xid: last.transactionId, pos: last.globalPosition } : from;
      reached = to;
      moved = live.filter((l) => comparePositions(to, l.from) > 0).map((l) => ({ live: l, to }));
      try {
        for (const { live: l } of moved) {
          const handles = new Set<string>(l.projection.handles);
          const events = batch.events.filter((e) => handles.has(e.type) && comparePositions({ xid: e.transactionId, pos: e.globalPosition }, l.from) > 0);
          if (events.length > 0) await l.projection.apply(client, events, tableNames(l.version));
          total += events.length;
        }
      } catch {
        await client.query('ROLLBACK');
        client.release();
        // One by one: the one that fails records its failure; the others are not held back by it.
        for (const l of live) await catchUp(pool, store, l.projection, l.version, { signal: options.signal, settleMs: 0 }).catch(() => {});
        return total;
      }
      if (moved.length > 0) {
        await client.query(
          `UPDATE projection_checkpoints c SET last_xid = u.xid::xid8, last_pos = u.pos, updated_at = now()
             FROM unnest($1::text[], $2::int[], $3::text[], $4::bigint[]) AS u(name, version, xid, pos)
            WHERE c.name = u.name AND c.version = u.version`,
          [moved.map((m) => m.live.projection.name), moved.map((m) => m.live.version), moved.map((m) => m.to.xid), moved.map((m) => m.to.pos)],
        );
      }
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => (broken = e));
      client.release(broken);
      throw err;
    }
    client.release();
    await notifyProgress(pool, moved.map((m) => ({ name: m.live.projection.name, version: m.live.version, position: m.to })));
    if (read === batchSize) continue;
    // Caught up as far as is visible; events held back by a transaction still open are waited for briefly.
    if (reached && Date.now() < settleUntil && (await store.hasEventsAfter(reached, names.flatMap((n) => projectionByName(n)?.handles ?? [])))) {
      await sleep(5);
      continue;
    }
    return total;
  }
}

/**
 * The worker's side of "read models woken in-process": LISTENs to the notification sent after each
 * committed append and catches every live read model up at once, together (catchUpLive). Wake-ups
 * that arrive during a catch-up are merged into one more. BullMQ's safety net stays behind it.
 */
export class LiveCatchUp {
  private listener: Listening | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private tick: NodeJS.Timeout | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly pool: pg.Pool,
    private readonly store: EventStore,
    private readonly connectionString: string,
    private readonly onError: (err: unknown) => void,
  ) {}

  async start(): Promise<this> {
    // Events held back past the settle wait by a transaction that was still open are caught up on the
    // next wake-up; this tick makes sure there is one even when nothing else is appended.
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
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await catchUpLive(this.pool, this.store, { signal: this.abort.signal, settleMs: 200 }).catch(this.onError);
      } while (this.again && !this.abort.signal.aborted);
    })().finally(() => {
      this.running = null;
    });
  }

  async close(): Promise<void> {
    if (this.tick) clearInterval(this.tick);
    this.abort.abort();
    await this.listener?.close();
    await this.running;
  }
}
