import { createHash, randomUUID } from 'node:crypto';
import { ConflictError, DomainError } from '../platform/errors.ts';
import { foldStored, type Decider } from './decider.ts';
import { retryOnClash } from './retry.ts';
import type { EventStore, Queryable, StoredCommand } from './store.ts';
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

async function load<C, E extends DomainEvent, S>(store: EventStore, decider: Decider<C, E, S>, streamId: string, options: { client?: Queryable; commandIds?: string[] }) {
  const loaded = await store.load(streamId, { snapshotVersion: decider.snapshotVersion, client: options.client, commandIds: options.commandIds });
  const start = (loaded.snapshot as S | undefined) ?? decider.initialState();
  const state = foldStored(decider, start, loaded.events);
  return { state, version: loaded.version, commands: loaded.commands };
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
  const { value, attempts } = await retryOnClash(async () => {
    const keys = requests.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []));
    const loaded = await load(store, decider, streamId, { client: options.client, commandIds: [...new Set(keys)] });
    const known = new Map(loaded.commands);
    let state = loaded.state;
    const rows: NewEvent[] = [];
    const stored: StoredCommand[] = [];
    const results = requests.map((r): CommandResult<S, E> => {
      const requestHash = hashRequest(r.request ?? r.command);
      const earlier = r.idempotencyKey ? known.get(r.idempotencyKey) : undefined;
      if (earlier) {
        if (earlier.requestHash !== requestHash) return { ok: false, error: reused() };
        return { ok: true, state, events: [], result: earlier.result, repeated: true };
      }
      let events: E[];
      try {
        events = decider.decide(r.command, state);
      } catch (error) {
        if (error instanceof DomainError) return { ok: false, error };
        throw error;
      }
      state = events.reduce(decider.evolve, state);
      const result = r.result?.(state, events);
      if (events.length === 0) return { ok: true, state, events, result, repeated: false };
      const metadata = { ...r.metadata, command_id: r.idempotencyKey ?? randomUUID() };
      rows.push(...events.map((e) => ({ type: e.type, data: e.data, metadata })));
      if (r.idempotencyKey) {
        stored.push({ id: r.idempotencyKey, requestHash, result: result ?? {} });
        known.set(r.idempotencyKey, { requestHash, result: result ?? {} });
      }
      return { ok: true, state, events, result, repeated: false };
    });
    const append = rows.length
      ? await store.append(streamId, rows, {
          expected: options.expected ?? loaded.version,
          snapshot: decider.snapshotVersion === undefined ? undefined : { v: decider.snapshotVersion, state },
          commands: stored,
          client: options.client,
        })
      : null;
    return { state, results, append };
  }, maxAttempts);
  return { ...value, attempts };
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
