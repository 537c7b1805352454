import { handleCommands, StateCache, type CommandRequest } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { LogPosition } from '../eventstore/types.ts';
import type { CommandMetrics } from '../platform/metrics.ts';
import { orgDecider, type OrgCommand } from './decider.ts';
import { orgStreamId, type OrgEvent, type OrgState } from './events.ts';

export type OrgRequest = CommandRequest<OrgCommand, OrgState, OrgEvent>;

/** One command's outcome: the state after it, its events, and the result stored under its key. */
export interface Decided {
  state: OrgState;
  events: OrgEvent[];
  result: unknown;
  /** The key had been used before: nothing was decided, `result` is the first answer. */
  repeated: boolean;
  /** Where its batch was appended (null when nothing was: a repeat, or a batch that decided nothing). */
  position: LogPosition | null;
}

interface Pending {
  request: OrgRequest;
  resolve: (decided: Decided) => void;
  reject: (error: unknown) => void;
}

const MAX_BATCH = 200;

/**
 * Credit commands of one organization (debits, holds, captures, releases) that arrive while an
 * earlier batch is being written wait here, and are then decided together by the command handler:
 * one append per batch instead of a storm of concurrency retries on a hot organization; each
 * request still gets its own answer, in arrival order.
 *
 * The organization's state (balance, lots, holds) and version after the last batch stay in the
 * process, so the common batch is decided without reading and costs one round trip: the append,
 * with that version expected. Another process (or another writer here) that moved the stream
 * makes it clash, and the batch is read again and decided again; an append made through this
 * store elsewhere in the process drops the entry at once.
 */
export class OrgCommandQueue {
  private readonly waiting = new Map<string, Pending[]>();
  readonly states = new StateCache<OrgState>();

  constructor(
    private readonly store: EventStore,
    private readonly metrics: CommandMetrics,
  ) {
    store.onAppended((_result, _types, streamId) => this.states.forget(streamId));
  }

  run(orgId: string, request: OrgRequest): Promise<Decided> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(orgId);
      if (queue) return void queue.push({ request, resolve, reject });
      this.waiting.set(orgId, [{ request, resolve, reject }]);
      void this.drain(orgId);
    });
  }

  private async drain(orgId: string): Promise<void> {
    for (let queue = this.waiting.get(orgId); queue?.length; queue = this.waiting.get(orgId)) {
      const batch = queue.slice(0, MAX_BATCH);
      try {
        const outcome = await handleCommands(this.store, orgDecider, orgStreamId(orgId), batch.map((p) => p.request), { cache: this.states });
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

const queues = new WeakMap<EventStore, OrgCommandQueue>();

/** The process's queue for this event store: every caller of an organization's ledger shares it. */
export function orgQueue(store: EventStore, metrics: CommandMetrics): OrgCommandQueue {
  let queue = queues.get(store);
  if (!queue) queues.set(store, (queue = new OrgCommandQueue(store, metrics)));
  return queue;
}
