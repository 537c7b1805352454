import { decideAll, snapshotFor, stateOf, type CommandOutcome } from './command-handler.ts';
import type { Decider } from './decider.ts';
import { retryOnClash } from './retry.ts';
import type { EventStore, LoadedStream, StoredCommand } from './store.ts';
import type { Committed, Writes } from './transaction.ts';
import type { DomainEvent, NewEvent } from './types.ts';

/** A stream a context reads before it decides anything: its decider says how (its snapshot's shape). */
export interface ContextStream {
  decider: Pick<Decider<unknown, DomainEvent, unknown>, 'snapshotVersion'>;
  streamId: string;
}

/** A stream as the context has it: loaded once, then the state after what was decided on it here. */
interface Entry {
  loaded: LoadedStream;
  decider?: Decider<unknown, DomainEvent, unknown>;
  state?: unknown;
  rows: NewEvent[];
  stored: StoredCommand[];
}

/** Commands on several streams, decided against streams read once and appended together once they are all decided. */
export interface Context extends Writes {
  /** A stream's state as this context has it (what was decided on it here included). */
  state<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string): Promise<S>;
}

class StreamContext implements Context {
  private readonly entries = new Map<string, Entry>();
  /** Command keys with their first results: the stored ones read, and those decided here. */
  private readonly known = new Map<string, { requestHash: string; result: unknown }>();
  private readonly asked = new Set<string>();
  readonly after: (() => void)[] = [];

  constructor(private readonly store: EventStore) {}

  async preload(streams: ContextStream[], keys: string[]): Promise<void> {
    const loaded = await this.store.loadMany(
      streams.map((s) => ({ streamId: s.streamId, snapshotVersion: s.decider.snapshotVersion })),
      { commandIds: keys },
    );
    for (const [streamId, stream] of loaded) this.entries.set(streamId, { loaded: stream, rows: [], stored: [] });
    this.remember(loaded.values(), keys);
  }

  async state<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string): Promise<S> {
    return (await this.entry(decider, streamId)).state as S;
  }

  async run<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string, command: C, options: Parameters<Writes['run']>[3]): Promise<CommandOutcome<S, E>> {
    const entry = await this.entry(decider, streamId);
    const request = { command, ...options } as Parameters<typeof decideAll<C, E, S>>[1][number];
    let decided = decideAll(decider, [request], entry.state as S, this.known);
    // A key never asked for may have been used before: ask for it, and decide again with its answer.
    if (decided.unsure && options.idempotencyKey && !this.asked.has(options.idempotencyKey)) {
      const fresh = await this.store.load(streamId, { snapshotVersion: decider.snapshotVersion, commandIds: [options.idempotencyKey] });
      this.remember([fresh], [options.idempotencyKey]);
      decided = decideAll(decider, [request], entry.state as S, this.known);
    }
    const only = decided.results[0];
    if (!only.ok) throw only.error;
    entry.state = decided.state;
    entry.rows.push(...decided.rows);
    entry.stored.push(...decided.stored);
    for (const c of decided.stored) this.known.set(c.id, { requestHash: c.requestHash, result: c.result });
    return { state: only.state, events: only.events, append: null, result: only.result, repeated: only.repeated, attempts: 1 };
  }

  afterCommit(fn: () => void): void {
    this.after.push(fn);
  }

  /** Every stream's decided events, in one append (one statement; one stream's takes the store's plain append). */
  async flush(): Promise<Committed<never>['appended']> {
    const appends = [...this.entries].flatMap(([streamId, e]) =>
      e.rows.length && e.decider
        ? [{ streamId, events: e.rows, expected: e.loaded.version, snapshot: snapshotFor(e.decider, e.loaded.version, e.rows.length, e.state), commands: e.stored }]
        : [],
    );
    if (appends.length === 0) return [];
    const results = appends.length === 1 ? [await this.store.append(appends[0].streamId, appends[0].events, appends[0])] : await this.store.appendMany(appends);
    return results.map((append, i) => ({ append, types: appends[i].events.map((e) => e.type), streamId: appends[i].streamId }));
  }

  private async entry<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, streamId: string): Promise<Entry> {
    let entry = this.entries.get(streamId);
    if (!entry) {
      // Not read with the others: read now (a round trip of its own).
      entry = { loaded: await this.store.load(streamId, { snapshotVersion: decider.snapshotVersion }), rows: [], stored: [] };
      this.entries.set(streamId, entry);
    }
    if (!entry.decider) {
      entry.decider = decider as unknown as Decider<unknown, DomainEvent, unknown>;
      entry.state = stateOf(decider, entry.loaded);
    } else if (entry.decider !== (decider as unknown)) {
      throw new Error(`stream ${streamId} is decided by one decider in a context`);
    }
    return entry;
  }

  private remember(loaded: Iterable<LoadedStream>, keys: string[]): void {
    for (const key of keys) this.asked.add(key);
    for (const stream of loaded) for (const [id, c] of stream.commands) this.known.set(id, c);
  }
}

/**
 * One context of commands on several streams (a Stripe event's, for one): the streams it names are
 * read in one round trip (with the stored answers of `keys`), every command is decided against them
 * in memory, and all that was decided is appended in one statement, all or nothing, with each
 * stream's version as read expected. A stream moved meanwhile (or a key stored by another writer)
 * runs the whole function again from a fresh read; `afterCommit` functions run once it is written.
 * A stream not named is read when first used. Nothing else is written beside the appends.
 */
export async function inContext<T>(store: EventStore, streams: ContextStream[], keys: string[], fn: (ctx: Context) => Promise<T>): Promise<Committed<T>> {
  const { value: done } = await retryOnClash(async () => {
    const ctx = new StreamContext(store);
    await ctx.preload(streams, keys);
    const value = await fn(ctx);
    const appended = await ctx.flush();
    return { value, appended, after: ctx.after };
  });
  for (const fn of done.after) fn();
  return { value: done.value, appended: done.appended };
}
