import type { EventStore, LogBatch } from '../services/eventstore/store.ts';
import { comparePositions, type LogPosition } from '../services/eventstore/types.ts';

/** Reads the log's next batch after a position (null when the read failed: read again under the locks). */
export type BatchRead = (after: LogPosition, limit: number, types: readonly string[]) => Promise<LogBatch | null>;

/** One catch-up's way to the shared batches: its reads, and its leaving when it ends. */
export interface SharedReader {
  read: BatchRead;
  leave: () => void;
}

/**
 * One read of each batch for `consumers` catch-ups that walk the log side by side in the same batches
 * (a rebuild's groups, all from position zero, or a backlog's groups, from where they all stood; with
 * the same types and batch size), a reader each: the first to ask for a batch reads and decodes it,
 * the others take it, and it is let go once every reader still there has taken it or gone past it. A
 * reader's walk can part from the others' (a checkpoint moved by another catch-up makes it read from
 * there): a batch it went past without asking is counted as taken by it, so no batch waits for it. One
 * that would read a new batch while `ahead` are held waits until the slower ones take one, so at most
 * that many decoded batches are held (while more than one reads); the slowest never waits, so the
 * room always comes back. A reader whose catch-up ends leaves: the batches only it was still to take
 * are let go then.
 */
export function sharedReads(store: EventStore, consumers: number, ahead = 4): SharedReader[] {
  const present = new Set(Array.from({ length: consumers }, (_, i) => i));
  /** Where each reader last asked to read after (none before its first read). */
  const at = new Map<number, LogPosition>();
  const held = new Map<string, { after: LogPosition; batch: Promise<LogBatch | null>; takers: Set<number> }>();
  const waiting: (() => void)[] = [];
  /** Whether reader `o` asked to read after a position as far as `pos`, or (`past`) further. */
  const reached = (o: number, pos: LogPosition, past: boolean) => {
    const p = at.get(o);
    return p !== undefined && comparePositions(p, pos) >= (past ? 1 : 0);
  };
  const takenByAll = (takers: Set<number>) => [...present].every((r) => takers.has(r));
  const letGo = () => {
    for (const [key, entry] of held) if (takenByAll(entry.takers)) held.delete(key);
    for (const wake of waiting.splice(0)) wake();
  };
  const slowest = (r: number) => [...present].every((o) => o === r || reached(o, at.get(r)!, false));
  const reader = (r: number): SharedReader => ({
    read: async (after, limit, types) => {
      const key = `${after.xid}/${after.pos}`;
      at.set(r, after);
      for (const entry of held.values()) if (comparePositions(entry.after, after) < 0) entry.takers.add(r);
      letGo();
      while (!held.has(key) && held.size >= ahead && present.size > 1 && !slowest(r)) await new Promise<void>((resolve) => waiting.push(resolve));
      let entry = held.get(key);
      if (!entry) held.set(key, (entry = { after, batch: store.readBatch(after, limit, types).catch(() => null), takers: new Set([...present].filter((o) => reached(o, after, true))) }));
      entry.takers.add(r);
      letGo();
      return entry.batch;
    },
    leave: () => {
      present.delete(r);
      letGo();
    },
  });
  return Array.from({ length: consumers }, (_, r) => reader(r));
}
