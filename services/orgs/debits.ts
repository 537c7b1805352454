import { ConcurrencyError, ConflictError, DomainError, DuplicateCommandError } from '../eventstore/errors.ts';
import type { EventStore, StoredCommand } from '../eventstore/store.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import type { CommandMetrics } from '../http/plugins/eventstore.ts';
import { orgDecider, type DebitCredits } from './decider.ts';
import { orgStreamId, type OrgEvent, type OrgState } from './events.ts';

export interface DebitRequest {
  command: DebitCredits;
  /** Scoped to the organization by the caller. */
  idempotencyKey: string;
  requestHash: string;
  metadata: EventMetadata;
}

type Outcome = { ok: true; result: { balance: number } } | { ok: false; error: unknown };

interface Pending {
  request: DebitRequest;
  settle: (outcome: Outcome) => void;
}

const MAX_BATCH = 200;
const MAX_ATTEMPTS = 50;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Debits of one organization that arrive while an earlier one is being written are decided
 * together, in order, against the stream's state and appended in one transaction with the
 * expected version. A hot organization then costs one load and one append per batch instead of
 * a storm of concurrency retries; each request still gets its own answer (a balance, or 402).
 */
export class DebitBatcher {
  private readonly waiting = new Map<string, Pending[]>();
  private readonly busy = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly metrics: CommandMetrics,
  ) {}

  debit(request: DebitRequest): Promise<{ balance: number }> {
    const orgId = request.command.data.orgId;
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(orgId) ?? [];
      queue.push({ request, settle: (o) => (o.ok ? resolve(o.result) : reject(o.error)) });
      this.waiting.set(orgId, queue);
      if (!this.busy.has(orgId)) void this.drain(orgId);
    });
  }

  private async drain(orgId: string): Promise<void> {
    this.busy.add(orgId);
    try {
      for (;;) {
        const queue = this.waiting.get(orgId);
        if (!queue?.length) {
          this.waiting.delete(orgId);
          return;
        }
        await this.process(orgId, queue.splice(0, MAX_BATCH));
      }
    } finally {
      this.busy.delete(orgId);
    }
  }

  private async process(orgId: string, batch: Pending[]): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        const outcomes = await this.decideAndAppend(orgId, batch.map((p) => p.request));
        this.metrics.commands += batch.length;
        batch.forEach((p, i) => p.settle(outcomes[i]));
        return;
      } catch (err) {
        // Another process wrote to the stream, or used one of the keys meanwhile: read again.
        const retriable = err instanceof ConcurrencyError || err instanceof DuplicateCommandError;
        if (!retriable || attempt >= MAX_ATTEMPTS) {
          for (const p of batch) p.settle({ ok: false, error: err });
          return;
        }
        this.metrics.retries++;
        await sleep(Math.random() * Math.min(2 ** attempt, 20));
      }
    }
  }

  private async decideAndAppend(orgId: string, requests: DebitRequest[]): Promise<Outcome[]> {
    const streamId = orgStreamId(orgId);
    const loaded = await this.store.load(streamId, {
      commandIds: [...new Set(requests.map((r) => r.idempotencyKey))],
      snapshotVersion: orgDecider.snapshotVersion,
    });
    let state = (loaded.snapshot as OrgState | undefined) ?? orgDecider.initialState();
    for (const event of loaded.events) state = orgDecider.evolve(state, event as unknown as OrgEvent);

    const known = new Map(loaded.commands);
    const events: { type: string; data: unknown; metadata: EventMetadata }[] = [];
    const commands: StoredCommand[] = [];
    const outcomes = requests.map((request): Outcome => {
      const stored = known.get(request.idempotencyKey);
      if (stored) {
        return stored.requestHash === request.requestHash
          ? { ok: true, result: stored.result as { balance: number } }
          : { ok: false, error: new ConflictError('This idempotency key was already used for a different request', { error: 'idempotency_key_reused' }) };
      }
      try {
        const decided = orgDecider.decide(request.command, state);
        state = decided.reduce(orgDecider.evolve, state);
        const result = { balance: state.balance };
        const metadata = { ...request.metadata, command_id: request.idempotencyKey };
        events.push(...decided.map((e) => ({ type: e.type, data: e.data, metadata })));
        commands.push({ id: request.idempotencyKey, requestHash: request.requestHash, result });
        known.set(request.idempotencyKey, { requestHash: request.requestHash, result });
        return { ok: true, result };
      } catch (error) {
        if (error instanceof DomainError) return { ok: false, error };
        throw error;
      }
    });
    if (events.length > 0) {
      await this.store.append(streamId, events, {
        expected: loaded.version,
        snapshot: { v: orgDecider.snapshotVersion, state },
        commands,
      });
    }
    return outcomes;
  }
}
