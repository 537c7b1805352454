import { createHash, randomUUID } from 'node:crypto';
import { ConflictError, DomainError } from '../platform/errors.ts';
import { decideAndFold, foldStored, type Decider } from './decider.ts';
import { retryOnClash } from './retry.ts';
import type { EventStore, LoadedStream, Queryable, StoredCommand } from './store.ts';
import type { AppendResult, DomainEvent, EventMetadata, ExpectedVersion, NewEvent } from './types.ts';

export function hashRequest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request ?? null)).digest('hex');
}

/** One command of a batch, with what makes it idempotent. */
export interface CommandRequest<C, S, E> {
  command: C;
  metadata: EventMetadata;
  /** A key under which the first result is stored and answered again for a repeat. */
  idempotencyKey?: string;
  /** What the request asked, hashed: the same key with another request is a conflict (default: the command). */
  request?: unknown;
  /** The answer to store with the key, from the state after the command's events. */
  result?: (state: S, events: E[]) => unknown;
}

export type CommandResult<S, E> =
  | { ok: true; state: S; events: E[]; result: unknown; repeated: boolean }
  | { ok: false; error: DomainError };

export interface BatchOptions {
  /** Appends inside the caller's transaction (then no retry: the caller owns the transaction). */
  client?: Queryable;
  /**
   * The process's last known state of the stream: decides from it without reading, and appends with
   * its version expected, so a stale entry clashes (and is read again) instead of being appended from.
   */
  cache?: StateCache;
  /** Overrides the version taken from the loaded stream (for example 'no_stream' on create). */
  expected?: ExpectedVersion;
  maxAttempts?: number;
}

export interface BatchOutcome<S, E> {
  /** The state after every command of the batch. */
  state: S;
  /** One result per command, in order: a command's domain error fails that command only. */
  results: CommandResult<S, E>[];
  append: AppendResult | null;
  attempts: number;
}

/** An aggregate's current state: its snapshot (when the decider keeps one) and the events after it, in one round trip. */
export async function loadState<C, E extends DomainEvent, S>(store: EventStore, decider: Decider<C, E, S>, streamId: string, client?: Queryable): Promise<S> {
  return (await load(store, decider, streamId, { client })).state;
}

/** The states of several streams of one decider, in one round trip, in the order asked. */
export async function loadStates<C, E extends DomainEvent, S>(store: EventStore, decider: Decider<C, E, S>, streamIds: string[], client?: Queryable): Promise<S[]> {
  if (streamIds.length === 0) return [];
  const loaded = await store.loadMany(streamIds.map((streamId) => ({ streamId, snapshotVersion: decider.snapshotVersion })), { client });
  return streamIds.map((streamId) => stateOf(decider, loaded.get(streamId)!));
}

/** Last known states of streams, kept in the process (see BatchOptions.cache). Bounded: the least recently used go first. */
export class StateCache<S = unknown> {
  private readonly entries = new Map<string, { state: S; version: number }>();

  constructor(private readonly limit = 10_000) {}

  get(streamId: string): { state: S; version: number } | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  set(streamId: string, state: S, version: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { state, version });
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value!);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** How often (in events) an aggregate's snapshot is written with an append: a load folds fewer than this many events after it. */
export const SNAPSHOT_EVERY = 20;

async function load<C, E extends DomainEvent, S>(store: EventStore, decider: Decider<C, E, S>, streamId: string, options: { client?: Queryable; commandIds?: string[] }) {
  const loaded = await store.load(streamId, { snapshotVersion: decider.snapshotVersion, client: options.client, commandIds: options.commandIds });
  return { state: stateOf(decider, loaded), version: loaded.version, commands: loaded.commands };
}

/** A loaded stream's state: its snapshot (or the initial state) and the events after it, folded. */
export function stateOf<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, loaded: LoadedStream): S {
  return foldStored(decider, (loaded.snapshot as S | undefined) ?? decider.initialState(), loaded.events);
}

/** The snapshot an append of `count` events after `version` carries: the state, when the append crosses a multiple of SNAPSHOT_EVERY. */
export function snapshotFor<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, version: number, count: number, state: S): { v: number; state: S } | undefined {
  const crosses = Math.floor((version + count) / SNAPSHOT_EVERY) > Math.floor(version / SNAPSHOT_EVERY);
  return decider.snapshotVersion === undefined || !crosses ? undefined : { v: decider.snapshotVersion, state };
}

const reused = () => new ConflictError('This idempotency key was already used for a different request', { error: 'idempotency_key_reused' });

/**
 * Read stream -> fold -> decide each command in order -> append once. Commands decided together
 * share one load and one append (a hot stream costs one round trip per batch, not per command).
 * A clash with another writer reads again and decides the whole batch again.
 */
export async function handleCommands<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  requests: CommandRequest<C, S, E>[],
  options: BatchOptions = {},
): Promise<BatchOutcome<S, E>> {
  const maxAttempts = options.client ? 1 : options.maxAttempts;
  const cache = options.cache as StateCache<S> | undefined;
  const keys = [...new Set(requests.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : [])))];
  const { value, attempts } = await retryOnClash(async () => {
    // From the process's last known state when there is one (no read at all); from the stream otherwise.
    const cached = cache?.get(streamId);
    let decided = cached ? decideAll(decider, requests, cached.state, new Map()) : null;
    // A key seen for the first time here may have been used before: a request it failed or left
    // unchanged may be a repeat whose first answer must be given, so that batch is read and decided again.
    let version = cached?.version ?? 0;
    if (!decided || decided.unsure) {
      const loaded = await load(store, decider, streamId, { client: options.client, commandIds: keys });
      decided = decideAll(decider, requests, loaded.state, loaded.commands);
      version = loaded.version;
      if (!options.client) cache?.set(streamId, loaded.state, loaded.version);
    }
    const { state, results, rows, stored } = decided;
    let append: AppendResult | null = null;
    if (rows.length) {
      try {
        append = await store.append(streamId, rows, {
          expected: options.expected ?? version,
          snapshot: snapshotFor(decider, version, rows.length, state),
          commands: stored,
          client: options.client,
        });
      } catch (err) {
        cache?.forget(streamId);
        throw err;
      }
      // Inside a caller's transaction the append may still roll back: nothing is kept from it.
      if (options.client) cache?.forget(streamId);
      else cache?.set(streamId, state, append.nextVersion);
    }
    return { state, results, append };
  }, maxAttempts);
  return { ...value, attempts };
}

export interface Decisions<S, E> {
  state: S;
  results: CommandResult<S, E>[];
  rows: NewEvent[];
  stored: StoredCommand[];
  /** A keyed request failed or decided nothing against a state that did not know its key. */
  unsure: boolean;
}

/** Decides each command in order against `start`, answering a key found in `known` with its first result. */
export function decideAll<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  requests: CommandRequest<C, S, E>[],
  start: S,
  known: Map<string, { requestHash: string; result: unknown }>,
): Decisions<S, E> {
  let state = start;
  let unsure = false;
  const rows: NewEvent[] = [];
  const stored: StoredCommand[] = [];
  const seen = new Map(known);
  const results = requests.map((r): CommandResult<S, E> => {
    // Only a keyed request stores or compares its hash (a batch of usage is a large command to hash for nothing).
    const requestHash = r.idempotencyKey ? hashRequest(r.request ?? r.command) : '';
    const earlier = r.idempotencyKey ? seen.get(r.idempotencyKey) : undefined;
    if (earlier) {
      if (earlier.requestHash !== requestHash) return { ok: false, error: reused() };
      return { ok: true, state, events: [], result: earlier.result, repeated: true };
    }
    const firstSeen = r.idempotencyKey !== undefined && !known.has(r.idempotencyKey);
    let events: E[];
    try {
      ({ events, state } = decideAndFold(decider, r.command, state));
    } catch (error) {
      if (error instanceof DomainError) {
        if (firstSeen) unsure = true;
        return { ok: false, error };
      }
      throw error;
    }
    const result = r.result?.(state, events);
    if (events.length === 0) {
      if (firstSeen) unsure = true;
      return { ok: true, state, events, result, repeated: false };
    }
    const metadata = { ...r.metadata, command_id: r.idempotencyKey ?? randomUUID() };
    rows.push(...events.map((e) => ({ type: e.type, data: e.data, metadata })));
    if (r.idempotencyKey) {
      stored.push({ id: r.idempotencyKey, requestHash, result: result ?? {} });
      seen.set(r.idempotencyKey, { requestHash, result: result ?? {} });
    }
    return { ok: true, state, events, result, repeated: false };
  });
  return { state, results, rows, stored, unsure };
}

export type CommandOptions<S, E> = Omit<CommandRequest<unknown, S, E>, 'command'> & BatchOptions;

export interface CommandOutcome<S, E> {
  state: S;
  events: E[];
  append: AppendResult | null;
  /** The result stored under the idempotency key. */
  result: unknown;
  /** True when the key had been used before and nothing was decided. */
  repeated: boolean;
  attempts: number;
}

/** One command: a batch of one, whose domain error is thrown. */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  options: CommandOptions<S, E>,
): Promise<CommandOutcome<S, E>> {
  const { metadata, idempotencyKey, request, result, ...batch } = options;
  const outcome = await handleCommands(store, decider, streamId, [{ command, metadata, idempotencyKey, request, result }], batch);
  const only = outcome.results[0];
  if (!only.ok) throw only.error;
  return { state: only.state, events: only.events, append: outcome.append, result: only.result, repeated: only.repeated, attempts: outcome.attempts };
}
