import type { EventStore, LogBatch } from '../services/eventstore/store.ts';
import type { LogPosition } from '../services/eventstore/types.ts';

/** Reads the log's next batch after a position (null when the read failed: read again under the locks). */
export type BatchRead = (after: LogPosition, limit: number, types: readonly string[]) => Promise<LogBatch | null>;

/** One catch-up's way to the shared batches: its reads, and its leaving when it ends. */
export interface SharedReader {
  read: BatchRead;
  leave: () => void;
}

/**
 * One read of each batch for `consumers` catch-ups that walk the log side by side in the same batches
 * (a rebuild's groups, all from position zero, with the same types and batch size), a reader each: the
 * first to ask for a batch reads and decodes it, the others take it, and it is let go once every reader
 * still there has taken it. One that would read a new batch while `ahead` are held waits until the
 * slower ones take one, so at most that many decoded batches are held (while more than one reads). A
 * reader whose catch-up ends leaves: the batches only it was still to take are let go then, so the
 * others never wait for room they would never get back.
 */
export function sharedReads(store: EventStore, consumers: number, ahead = 4): SharedReader[] {
  const present = new Set(Array.from({ length: consumers }, (_, i) => i));
  const held = new Map<string, { batch: Promise<LogBatch | null>; takers: Set<number> }>();
  const waiting: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of waiting.splice(0)) wake();
  };
  const takenByAll = (takers: Set<number>) => [...present].every((r) => takers.has(r));
  const reader = (r: number): SharedReader => ({
    read: async (after, limit, types) => {
      const key = `${after.xid}/${after.pos}`;
      while (!held.has(key) && held.size >= ahead && present.size > 1) await new Promise<void>((resolve) => waiting.push(resolve));
      let entry = held.get(key);
      if (!entry) held.set(key, (entry = { batch: store.readBatch(after, limit, types).catch(() => null), takers: new Set() }));
      entry.takers.add(r);
      if (takenByAll(entry.takers)) {
        held.delete(key);
        wakeAll();
      }
      return entry.batch;
    },
    leave: () => {
      present.delete(r);
      for (const [key, entry] of held) if (takenByAll(entry.takers)) held.delete(key);
      wakeAll();
    },
  });
  return Array.from({ length: consumers }, (_, r) => reader(r));
}
