import type { Decider } from '../eventstore/decider.ts';
import { handleCommands, StateCache, type CommandRequest } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { DomainEvent, LogPosition } from '../eventstore/types.ts';
import type { CommandMetrics } from '../platform/metrics.ts';
import type { CreditCommand } from './decider.ts';
import type { CreditStreamState } from './events.ts';

/**
 * The organization's stream as credits write to it: its decider (services/orgs composes it from the
 * credits' decide and evolve and its own) and its id.
 */
export interface OrgStream<S extends CreditStreamState, E extends DomainEvent> {
  decider: Decider<CreditCommand, E, S>;
  streamId(orgId: string): string;
}

export type CreditRequest<S, E> = CommandRequest<CreditCommand, S, E>;

/** One command's outcome: the state after it, its events, and the result stored under its key. */
export interface Decided<S, E> {
  state: S;
  events: E[];
  result: unknown;
  /** The key had been used before: nothing was decided, `result` is the first answer. */
  repeated: boolean;
  /** Where its batch was appended (null when nothing was: a repeat, or a batch that decided nothing). */
  position: LogPosition | null;
}

interface Pending<S, E> {
  request: CreditRequest<S, E>;
  resolve: (decided: Decided<S, E>) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 200;

/**
 * Credit commands of one organization that arrive while an earlier batch is being written wait
 * here, and are then decided together by the command handler: one append per batch instead of a
 * storm of concurrency retries on a hot organization; each request still gets its own answer, in
 * arrival order.
 *
 * The organization's state (balance, lots, holds) and version after the last batch stay in the
 * process, so the common batch is decided without reading and costs one round trip: the append,
 * with that version expected. Another process (or another writer here) that moved the stream
 * makes it clash, and the batch is read again and decided again; an append made through this
 * store elsewhere in the process (a transaction's, an organization's own command) drops the entry
 * at once.
 */
export class CreditCommandQueue<S extends CreditStreamState, E extends DomainEvent> {
  private readonly waiting = new Map<string, Pending<S, E>[]>();
  readonly states = new StateCache<S>();

  constructor(
    private readonly store: EventStore,
    private readonly stream: OrgStream<S, E>,
    private readonly metrics: CommandMetrics,
  ) {
    store.onAppended((_result, _types, streamId) => this.states.forget(streamId));
  }

  run(orgId: string, request: CreditRequest<S, E>): Promise<Decided<S, E>> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(orgId);
      if (queue) return void queue.push({ request, resolve, reject });
      this.waiting.set(orgId, [{ request, resolve, reject }]);
      void this.drain(orgId);
    });
  }

  private async drain(orgId: string): Promise<void> {
    const { decider, streamId } = this.stream;
    for (let queue = this.waiting.get(orgId); queue?.length; queue = this.waiting.get(orgId)) {
      const batch = queue.slice(0, MAX_BATCH);
      try {
        const outcome = await handleCommands(this.store, decider, streamId(orgId), batch.map((p) => p.request), { cache: this.states });
        this.metrics.commands += batch.length;
        this.metrics.retries += outcome.attempts - 1;
        const position = outcome.append?.position ?? null;
        outcome.results.forEach((r, i) =>
          r.ok ? batch[i].resolve({ state: r.state, events: r.events, result: r.result, repeated: r.repeated, position: r.repeated ? null : position }) : batch[i].reject(r.error),
        );
      } catch (err) {
        for (const p of batch) p.reject(err);
      }
      queue.splice(0, batch.length);
      if (queue.length === 0) this.waiting.delete(orgId);
    }
  }
}
