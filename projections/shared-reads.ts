import type { EventStore, LogBatch } from '../services/eventstore/store.ts';
import type { LogPosition } from '../services/eventstore/types.ts';

/** Reads the log's next batch after a position (null when the read failed: read again under the locks). */
export type BatchRead = (after: LogPosition, limit: number, types: readonly string[]) => Promise<LogBatch | null>;

/**
 * One read of each batch for `consumers` catch-ups that walk the log side by side in the same batches
 * (a rebuild's groups, all from position zero, with the same types and batch size): the first to ask
 * for a batch reads and decodes it, the others take it. One that would read a new batch while `ahead`
 * are held waits until the slower ones take one, so at most that many decoded batches are held (while
 * more than one reads). A catch-up that ends leaves (`leave`).
 */
export function sharedReads(store: EventStore, consumers: number, ahead = 4): { read: BatchRead; leave: () => void } {
  const held = new Map<string, { batch: Promise<LogBatch | null>; takers: number }>();
  const waiting: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of waiting.splice(0)) wake();
  };
  const read: BatchRead = async (after, limit, types) => {
    const key = `${after.xid}/${after.pos}`;
    while (!held.has(key) && held.size >= ahead && consumers > 1) await new Promise<void>((resolve) => waiting.push(resolve));
    let entry = held.get(key);
    if (!entry) held.set(key, (entry = { batch: store.readBatch(after, limit, types).catch(() => null), takers: 0 }));
    if (++entry.takers >= consumers) {
      held.delete(key);
      wakeAll();
    }
    return entry.batch;
  };
  // Batches every one still here has taken as often as there are takers now are let go: they would
  // never be taken again, and held they would keep the others waiting for room (a batch let go that one
  // of them still wanted is read again). With one left, nothing waits.
  const leave = () => {
    consumers--;
    for (const [key, entry] of held) if (entry.takers >= consumers) held.delete(key);
    wakeAll();
  };
  return { read, leave };
}
