import { createHash, randomUUID } from 'node:crypto';
import { ConcurrencyError, ConflictError, DuplicateCommandError } from './errors.ts';
import type { EventStore, Queryable } from './store.ts';
import type { AppendResult, DomainEvent, EventMetadata, ExpectedVersion } from './types.ts';

/** The whole decider: pure functions, no I/O; time and ids arrive in the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
  /** When set, the state is kept as a snapshot beside the stream; bump it when the state's shape changes. */
  snapshotVersion?: number;
}

export interface CommandOptions<S, E> {
  metadata: EventMetadata;
  /** A key under which the first result is stored and answered again for a repeat. */
  idempotencyKey?: string;
  /** What the request asked, hashed: the same key with another request is a conflict. */
  request?: unknown;
  /** The answer to store with the key, from the state after the events. */
  result?: (state: S, events: E[]) => unknown;
  /** Appends inside the caller's transaction (then no retry: the caller owns the transaction). */
  client?: Queryable;
  /** Overrides the version taken from the loaded stream (for example 'no_stream' on create). */
  expected?: ExpectedVersion;
  maxAttempts?: number;
}

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

export function hashRequest(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request ?? null)).digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Read stream -> fold -> decide -> append; a concurrency clash re-reads and decides again. */
export async function handleCommand<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  options: CommandOptions<S, E>,
): Promise<CommandOutcome<S, E>> {
  const maxAttempts = options.client ? 1 : (options.maxAttempts ?? 100);
  const requestHash = hashRequest(options.request ?? command);
  for (let attempt = 1; ; attempt++) {
    const loaded = await store.load(streamId, {
      commandId: options.idempotencyKey,
      snapshotVersion: decider.snapshotVersion,
      client: options.client,
    });
    if (loaded.command) return repeat(loaded.command, requestHash, decider.initialState(), attempt);

    let state = (loaded.snapshot as S | undefined) ?? decider.initialState();
    for (const event of loaded.events) state = decider.evolve(state, event as unknown as E);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { state, events, append: null, result: options.result?.(state, events), repeated: false, attempts: attempt };
    }
    const after = events.reduce(decider.evolve, state);
    const result = options.result?.(after, events);
    const commandId = options.idempotencyKey ?? randomUUID();
    const metadata = { ...options.metadata, command_id: commandId };
    try {
      const append = await store.append(
        streamId,
        events.map((e) => ({ type: e.type, data: e.data, metadata })),
        {
          expected: options.expected ?? loaded.version,
          snapshot: decider.snapshotVersion === undefined ? undefined : { v: decider.snapshotVersion, state: after },
          command: options.idempotencyKey ? { id: commandId, requestHash, result: result ?? {} } : undefined,
          client: options.client,
        },
      );
      return { state: after, events, append, result, repeated: false, attempts: attempt };
    } catch (err) {
      const retriable = err instanceof ConcurrencyError || err instanceof DuplicateCommandError;
      if (!retriable || attempt >= maxAttempts) throw err;
      await sleep(Math.random() * Math.min(2 ** attempt, 25));
    }
  }
}

function repeat<S, E>(
  stored: { requestHash: string; result: unknown },
  requestHash: string,
  state: S,
  attempts: number,
): CommandOutcome<S, E> {
  if (stored.requestHash !== requestHash) {
    throw new ConflictError('This idempotency key was already used for a different request', {
      error: 'idempotency_key_reused',
    });
  }
  return { state, events: [], append: null, result: stored.result, repeated: true, attempts };
}
