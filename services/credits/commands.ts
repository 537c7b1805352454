import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { loadState } from '../eventstore/command-handler.ts';
import type { ReadModelGate } from '../eventstore/read-models.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import { runTransaction, type Writes } from '../eventstore/transaction.ts';
import type { DomainEvent, EventMetadata, LogPosition } from '../eventstore/types.ts';
import { autoTopUpJob } from '../platform/jobs.ts';
import type { CommandMetrics } from '../platform/metrics.ts';
import { budgetsView, type BudgetScope, type BudgetView, type SetBudget } from './budgets.ts';
import type { AutoTopUpSettings } from './auto-top-up.ts';
import { CreditCommandQueue, type CreditRequest, type Decided, type OrgStream } from './command-queue.ts';
import { creditsView, type CreditsView } from './credits-view.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { checkRoom, DEFAULT_HOLD_TTL_SECONDS } from './decisions.ts';
import { HoldClosed, HoldPastExpiry, OrganizationInactive } from './errors.ts';
import { availableOf, isCreditEvent, type CreditEvent, type CreditsRevoked, type CreditStreamState, type GrantKind, type LotSource, type RevokeKind } from './events.ts';
import { scheduleExpiries } from './expiry.ts';
import { dedupCutoff, readUsage, rememberUsageIds, type UsageRead } from './usage-ids.ts';
import { pendingOf, type MeteredPart, type PricedUsage, type UsageRecorded, type UsageRefusal } from './usage-events.ts';

export interface CreditsDeps<S extends CreditStreamState, E extends DomainEvent> {
  store: EventStore;
  /** The organization's stream (services/orgs hands it over: see orgs/stream.ts). */
  stream: OrgStream<S, E>;
  metrics: CommandMetrics;
  /** Where expiry and auto top-up jobs go; without it, the sweep alone expires lots and holds. */
  queues?: { ledger: Queue };
  log?: { warn(obj: unknown, msg?: string): void };
  /** Told where a command's batch was appended, so the caller's next reads wait for it (read-your-writes). */
  appended?: (position: LogPosition) => void;
  /** Settings and an admin's corrections answer once the read models show them; usage never waits. */
  readModels?: ReadModelGate;
}

export interface Amounts {
  balance: number;
  available: number;
}

export interface PlacedHold extends Amounts {
  holdId: string;
  credits: number;
  expiresAt: string;
}

/** Who asked: the metadata of the events, and for a keyed command its key and what it asked (hashed under the key). */
export interface Asked {
  metadata: EventMetadata;
  idempotencyKey?: string;
  request?: unknown;
}

export interface SpendInput {
  orgId: string;
  userId: string | null;
  /** The project the spend is for: its budget must have room too (the caller checked it is the organization's). */
  projectId?: string | null;
  credits: number;
  description: string;
  idempotencyKey: string;
  metadata: EventMetadata;
  /** When it happens (default: now). */
  at?: string;
}

export interface HoldInput extends SpendInput {
  ttlSeconds?: number;
}

export interface CaptureInput {
  orgId: string;
  holdId: string;
  userId: string | null;
  /** Default: the whole hold. */
  credits?: number;
  description?: string;
  /** What the capture consumed per rate-card meter (shown on /usage); the credits stay whole. */
  metered?: MeteredPart[];
  metadata: EventMetadata;
  at?: string;
}

export interface GrantInput {
  orgId: string;
  amount: number;
  source: LotSource;
  kind: GrantKind;
  description: string;
  expiresAt?: string | null;
  priority?: number;
  /** The grant's business key (a billing period, a purchase): a second grant under it grants nothing. */
  key?: string;
  at?: string;
}

export interface RevokeInput {
  orgId: string;
  amount: number;
  kind: RevokeKind;
  description: string;
  key?: string;
  /** Only from the lot granted under this key. */
  lotKey?: string;
  at?: string;
}

export interface AdjustInput {
  orgId: string;
  amount: number;
  description: string;
  expiresAt?: string | null;
  priority?: number;
  source?: 'manual' | 'promo';
  metadata: EventMetadata;
}

export interface Granted {
  credits: number;
  /** The lot the grant created (null when it granted nothing). */
  lotId: string | null;
}

export interface UsageBatchInput {
  orgId: string;
  userId: string | null;
  /** Priced by the rate card, in the order sent. */
  items: PricedUsage[];
  metadata: EventMetadata;
  /** Now (the dedup window ends here). */
  at?: string;
}

/**
 * A batch to record whose pricing waits for the read inside the transaction: the ids sent (to find
 * the duplicates) and the versions of `streams` (the rate card's) are read in one statement, and
 * `price` turns those versions into the batch's priced items (in the order sent).
 */
export interface UsageRecordInput extends Omit<UsageBatchInput, 'items'> {
  ids: string[];
  streams: string[];
  /** Prices the batch as of the versions read (`client`: the transaction's connection, for any further read). */
  price(versions: ReadonlyMap<string, number>, client: Queryable): Promise<PricedUsage[]>;
}

/** Each item's answer, in order: accepted (its exact cost), a duplicate (the first answer's cost), or refused for want of credits. */
export type UsageItemOutcome = { status: 'accepted' | 'duplicate'; credits: string } | { status: 'rejected'; reason: UsageRefusal };

export interface UsageBatchOutcome extends Amounts {
  results: UsageItemOutcome[];
  /** Whole credits this batch debited. */
  debited: number;
}

/** The first of each id not seen before: what a batch decides. */
function freshUsage(items: PricedUsage[], seen: ReadonlyMap<string, unknown>): PricedUsage[] {
  const fresh = new Map<string, PricedUsage>();
  for (const item of items) if (!seen.has(item.id) && !fresh.has(item.id)) fresh.set(item.id, item);
  return [...fresh.values()];
}

const recordedIn = (events: readonly DomainEvent[]): UsageRecorded['data'] => (events.find((e) => e.type === 'UsageRecorded') as UsageRecorded).data;

/**
 * Each item's answer: an id seen before answers its first cost as a duplicate; of the batch's own,
 * the first of an accepted id is accepted (a repeat of it in the batch a duplicate), the others were
 * refused with the batch's reason.
 */
function usageResults(items: PricedUsage[], seen: ReadonlyMap<string, { credits: string }>, recorded: UsageRecorded['data'] | null): UsageItemOutcome[] {
  const accepted = new Map((recorded?.items ?? []).map((i) => [i.id, i.credits]));
  const answered = new Set<string>();
  return items.map((item): UsageItemOutcome => {
    const before = seen.get(item.id);
    if (before) return { status: 'duplicate', credits: before.credits };
    const credits = accepted.get(item.id);
    const first = !answered.has(item.id);
    answered.add(item.id);
    if (credits !== undefined) return { status: first ? 'accepted' : 'duplicate', credits };
    return { status: 'rejected', reason: recorded?.refused?.reason ?? 'insufficient_credits' };
  });
}

export type TopUpOutcome = { ok: true; paymentIntentId: string } | { ok: false; reason: string };

/** The keys a command's first answer is stored under. The closing key is shared by capture, release and expiry: a hold closes once. */
export const ledgerKeys = {
  usage: (orgId: string, key: string) => `usage-${orgId}-${key}`,
  hold: (orgId: string, key: string) => `hold-${orgId}-${key}`,
  holdClose: (orgId: string, holdId: string) => `hold-close-${orgId}-${holdId}`,
  lotExpiry: (orgId: string, lotId: string) => `expire-${orgId}-${lotId}`,
};

type Closed = { closed: 'captured' | 'released' | 'expired' };

const now = () => new Date().toISOString();
const amounts = (state: CreditStreamState): Amounts => ({ balance: state.balance, available: availableOf(state) });
const creditEvents = (events: readonly DomainEvent[]): CreditEvent[] => events.filter(isCreditEvent);
/** A hold closed by a capture that asked the same (answers stored before they recorded what they asked are another capture). */
const sameCapture = (result: unknown, asked: { credits: number | null; description: string | null }) => {
  const first = result as Closed & { asked?: typeof asked };
  return first.closed === 'captured' && first.asked?.credits === asked.credits && first.asked?.description === asked.description;
};
const closedBefore = (result: unknown) => ((result as Closed).closed === 'expired' ? new HoldPastExpiry() : new HoldClosed());

/**
 * The credits' one front door: every credit command of the server (usage, holds, grants, refunds,
 * an admin's corrections, expiry, alerts, auto top-up) is built here and nowhere else. Outside a
 * transaction a command goes through the process's per-organization queue (decided with the
 * organization's other commands, from the state the process keeps); inside one it is appended on
 * the transaction's connection, and the kept state is dropped once it commits.
 */
export class Credits<S extends CreditStreamState = CreditStreamState, E extends DomainEvent = DomainEvent> {
  /** The per-organization queue, and the states this process keeps. */
  readonly queue: CreditCommandQueue<S, E>;

  constructor(private readonly deps: CreditsDeps<S, E>) {
    this.queue = new CreditCommandQueue(deps.store, deps.stream, deps.metrics);
  }

  /** The organization's state, from its stream (exact right after a command). */
  state(orgId: string, client?: Queryable): Promise<S> {
    return loadState(this.deps.store, this.deps.stream.decider, this.deps.stream.streamId(orgId), client);
  }

  /** Balance, available, held, the open lots and holds. */
  async view(orgId: string, at = now()): Promise<CreditsView & { pending: Record<string, number> }> {
    const state = await this.currentState(orgId);
    return { ...creditsView(state, at), pending: pendingOf(state) };
  }

  /**
   * Whether the member (and the project) may spend `credits` now, as one hold of that size would be
   * judged: 402 `budget_exceeded` or `insufficient_credits`, 403 for a disabled organization. Nothing
   * is held; the holds themselves are judged again when they are placed.
   */
  async assertRoom(input: { orgId: string; userId: string | null; projectId: string | null; credits: number }, at = now()): Promise<void> {
    checkRoom(await this.currentState(input.orgId), input, input.credits, at);
  }

  /** The same, for an API key: a key of a disabled organization opens nothing (403). */
  async activeView(orgId: string, at = now()): Promise<CreditsView & { pending: Record<string, number> }> {
    const state = await this.currentState(orgId);
    if (!state.active) throw new OrganizationInactive();
    return { ...creditsView(state, at), pending: pendingOf(state) };
  }

  /** Spends from what is available; a repeated key answers the first result and spends nothing. */
  async debit(input: SpendInput): Promise<Amounts> {
    const { orgId, userId, projectId = null, credits, description, idempotencyKey, metadata, at = now() } = input;
    const decided = await this.run(orgId, { type: 'DebitCredits', data: { orgId, amount: credits, description, usageId: randomUUID(), userId, projectId, at } }, {
      metadata,
      idempotencyKey: ledgerKeys.usage(orgId, idempotencyKey),
      request: projectId ? { credits, description, projectId } : { credits, description },
      result: amounts,
    });
    const result = decided.result as { balance: number; available?: number };
    // Answers stored before holds existed carry the balance only (then nothing was held).
    return { balance: result.balance, available: result.available ?? result.balance };
  }

  /** Reserves credits for work whose cost is known later; the same key answers the same hold. */
  async hold(input: HoldInput): Promise<PlacedHold> {
    const { orgId, userId, projectId = null, credits, description, idempotencyKey, metadata, at = now() } = input;
    const ttlSeconds = input.ttlSeconds ?? DEFAULT_HOLD_TTL_SECONDS;
    const holdId = randomUUID();
    const decided = await this.run(orgId, { type: 'PlaceHold', data: { orgId, holdId, credits, description, ttlSeconds, userId, projectId, at } }, {
      metadata,
      idempotencyKey: ledgerKeys.hold(orgId, idempotencyKey),
      request: projectId ? { credits, description, ttlSeconds, projectId } : { credits, description, ttlSeconds },
      result: (state) => ({ holdId, credits, expiresAt: state.holds.find((h) => h.holdId === holdId)?.expiresAt ?? '', ...amounts(state) }),
    });
    if (!decided.repeated) this.scheduleExpiries(decided.events);
    return decided.result as PlacedHold;
  }

  /**
   * Turns (part of) a hold into a debit and releases the rest. The same capture again (its answer
   * was lost) answers what the first one did; another capture or a release of the closed hold answers 409.
   */
  async capture(input: CaptureInput): Promise<Amounts & { captured: number }> {
    const { orgId, holdId, userId, credits, description, metered, metadata, at = now() } = input;
    const asked = { credits: credits ?? null, description: description ?? null };
    const decided = await this.run(orgId, { type: 'CaptureHold', data: { orgId, holdId, credits, description, usageId: randomUUID(), userId, at, ...(metered ? { metered } : {}) } }, {
      metadata,
      idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
      request: { holdId },
      result: (state, events) => ({
        closed: 'captured',
        asked,
        captured: creditEvents(events).reduce((n, e) => (e.type === 'CreditsDebited' && e.data.holdId === holdId ? n + e.data.amount : n), 0),
        ...amounts(state),
      }),
    });
    if (decided.repeated && !sameCapture(decided.result, asked)) throw closedBefore(decided.result);
    const { balance, available, captured } = decided.result as Amounts & { captured: number };
    return { balance, available, captured };
  }

  /** Gives a hold's credits back; a closed hold answers 409. */
  async release(input: { orgId: string; holdId: string; metadata: EventMetadata; at?: string }): Promise<Amounts> {
    const { orgId, holdId, metadata, at = now() } = input;
    const decided = await this.run(orgId, { type: 'ReleaseHold', data: { orgId, holdId, at } }, {
      metadata,
      idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
      request: { holdId },
      result: (state) => ({ closed: 'released', ...amounts(state) }),
    });
    if (decided.repeated) throw closedBefore(decided.result);
    const { balance, available } = decided.result as Amounts;
    return { balance, available };
  }

  /** The worker's: releases a hold that reached its expiry (nothing before, nothing twice). */
  async expireHold(orgId: string, holdId: string, at = now()): Promise<boolean> {
    const decided = await this.run(orgId, { type: 'ExpireHold', data: { orgId, holdId, at } }, {
      metadata: { actor: 'system' },
      idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
      request: { holdId },
      result: () => ({ closed: 'expired' }),
    });
    return !decided.repeated && creditEvents(decided.events).some((e) => e.type === 'HoldExpired');
  }

  /** The worker's: expires a lot's unreserved credits once due (the key is per lot). */
  async expireLot(orgId: string, lotId: string, at = now()): Promise<boolean> {
    const decided = await this.run(orgId, { type: 'ExpireCredits', data: { orgId, lotId, at } }, {
      metadata: { actor: 'system' },
      idempotencyKey: ledgerKeys.lotExpiry(orgId, lotId),
      request: { lotId },
      result: () => ({ expired: lotId }),
    });
    return !decided.repeated && decided.events.length > 0;
  }

  /**
   * Grants a lot (a purchase, a period's credits, demo credits); with the caller's writes (its
   * transaction, or its context) when it has them. Nothing is granted for nothing, nor again under a key applied before.
   */
  async grant(input: GrantInput, asked: Asked, tx?: Writes): Promise<Granted> {
    if (input.amount <= 0) return { credits: 0, lotId: null };
    const { at = now(), ...rest } = input;
    const lotId = randomUUID();
    const events = await this.write(input.orgId, { type: 'GrantCredits', data: { ...rest, lotId, at } }, asked, tx);
    return events.some((e) => e.type === 'CreditsGranted') ? { credits: input.amount, lotId } : { credits: 0, lotId: null };
  }

  /** Takes credits back (a refund), never below zero; inside the caller's transaction when it has one. Null: its key was applied before. */
  async revoke(input: RevokeInput, asked: Asked, tx?: Writes): Promise<CreditsRevoked['data'] | null> {
    const { at = now(), ...rest } = input;
    const events = await this.write(input.orgId, { type: 'RevokeCredits', data: { ...rest, at } }, asked, tx);
    const revoked = events.find((e) => e.type === 'CreditsRevoked');
    return revoked?.type === 'CreditsRevoked' ? revoked.data : null;
  }

  /** An admin's correction: a positive amount grants a lot, a negative one takes from what is available. */
  async adjust(input: AdjustInput): Promise<Amounts & { lotId: string | null }> {
    const { orgId, metadata, ...rest } = input;
    const lotId = randomUUID();
    const decided = await this.run(orgId, { type: 'AdjustCredits', data: { orgId, lotId, ...rest, at: now() } }, { metadata });
    this.scheduleExpiries(decided.events);
    await this.settled(decided);
    const granted = creditEvents(decided.events).some((e) => e.type === 'CreditsGranted');
    return { ...amounts(decided.state), lotId: granted ? lotId : null };
  }

  /**
   * A batch of priced usage events: an id the organization sent in the last 35 days is a duplicate
   * (it answers its first cost and changes nothing, also when repeated concurrently); the others are
   * decided in order (RecordUsage) and their ids remembered in the same transaction as their append.
   */
  async recordUsage(input: UsageRecordInput): Promise<UsageBatchOutcome> {
    const { orgId, userId, metadata, at = now() } = input;
    const { decider, streamId } = this.deps.stream;
    const stream = streamId(orgId);
    const cache = this.queue.states;
    const cutoff = dedupCutoff(at);
    const committed = await runTransaction(this.deps.store.pool, this.deps.store, async (tx) => {
      const read = await readUsage(tx.client, input.streams, orgId, input.ids, cutoff);
      const items = await input.price(read.versions, tx.client);
      const { seen } = read;
      const fresh = freshUsage(items, seen);
      if (fresh.length === 0) return { state: await this.state(orgId, tx.client), events: [] as E[], recorded: null, seen, items };
      const command: CreditCommand = { type: 'RecordUsage', data: { orgId, usageId: randomUUID(), items: fresh, userId, at } };
      const outcome = await tx.run(decider, stream, command, { metadata, cache });
      const recorded = recordedIn(outcome.events);
      await rememberUsageIds(tx.client, orgId, recorded.items.map((i) => ({ id: i.id, outcome: { credits: i.credits } })), at, read, cutoff);
      const append = outcome.append;
      if (append) tx.afterCommit(() => cache.set(stream, outcome.state, append.nextVersion));
      return { state: outcome.state, events: outcome.events, recorded, seen, items };
    });
    const { state, events, recorded, seen, items } = committed.value;
    for (const { append } of committed.appended) this.deps.appended?.(append.position);
    this.queueTopUp(orgId, events);
    return { results: usageResults(items, seen, recorded), debited: recorded?.debited ?? 0, ...amounts(state) };
  }

  /**
   * The organization's state as the process last kept it, when the stream is still at that version
   * (one small read), else from the stream: an organization sending usage has many large batches past
   * its last snapshot, read and folded again on every quote and balance otherwise.
   */
  private async currentState(orgId: string): Promise<S> {
    const stream = this.deps.stream.streamId(orgId);
    if (!this.queue.states.get(stream)) return this.state(orgId);
    const res = await this.deps.store.pool.query<{ version: string }>({ name: 'credits-stream-version', text: 'SELECT version FROM streams WHERE stream_id = $1', values: [stream] });
    return this.stateAt(orgId, Number(res.rows[0]?.version ?? 0));
  }

  /** The kept state when the stream is at `version`, else the state from the stream. */
  private stateAt(orgId: string, version: number): Promise<S> {
    const kept = this.queue.states.get(this.deps.stream.streamId(orgId));
    return kept && kept.version === version ? Promise.resolve(kept.state) : this.state(orgId);
  }

  /**
   * What a quote reads, in one round trip: the organization's stream version (its kept state is used
   * when still at it), the versions of `streams` (the caller's: the rate card's), and which of `ids`
   * the organization sent within the dedup window.
   */
  readUsage(orgId: string, ids: string[], streams: string[], at = now()): Promise<UsageRead> {
    return readUsage(this.deps.store.pool, [this.deps.stream.streamId(orgId), ...streams], orgId, ids, dedupCutoff(at));
  }

  /** What `recordUsage` would answer now for these events, deciding nothing: the quote, from what `readUsage` read (among its ids, every item's). */
  async quoteUsage(input: Omit<UsageBatchInput, 'metadata'>, read: UsageRead): Promise<UsageBatchOutcome> {
    const { orgId, userId, items, at = now() } = input;
    const { seen, versions } = read;
    const state = await this.stateAt(orgId, versions.get(this.deps.stream.streamId(orgId)) ?? 0);
    const fresh = freshUsage(items, seen);
    if (fresh.length === 0) {
      const { balance, available } = creditsView(state, at);
      return { results: usageResults(items, seen, null), debited: 0, balance, available };
    }
    const decided = decideCredits({ type: 'RecordUsage', data: { orgId, usageId: '', items: fresh, userId, at } }, state);
    const recorded = recordedIn(decided.events as E[]);
    return { results: usageResults(items, seen, recorded), debited: recorded.debited, ...amounts(decided.state) };
  }

  /** The low-balance alert's threshold (null: off). */
  async setAlerts(orgId: string, lowBalanceCredits: number | null, metadata: EventMetadata): Promise<S> {
    const decided = await this.run(orgId, { type: 'SetAlerts', data: { orgId, lowBalanceCredits, at: now() } }, { metadata });
    await this.settled(decided);
    return decided.state;
  }

  /** The organization's budgets with what each has spent this period and holds (from the stream). */
  async budgets(orgId: string, at = now()): Promise<BudgetView[]> {
    return budgetsView(await this.state(orgId), at);
  }

  /** Sets (or changes) the budget of a member or a project; the caller checked the member or project is the organization's. */
  async setBudget(input: Omit<SetBudget['data'], 'at'>, metadata: EventMetadata): Promise<BudgetView> {
    const at = now();
    const decided = await this.run(input.orgId, { type: 'SetBudget', data: { ...input, at } }, { metadata });
    await this.settled(decided);
    return budgetsView(decided.state, at).find((b) => b.scope === input.scope && b.id === input.id)!;
  }

  /** Removes a budget (404 when there is none). */
  async removeBudget(orgId: string, scope: BudgetScope, id: string, metadata: EventMetadata): Promise<void> {
    const decided = await this.run(orgId, { type: 'RemoveBudget', data: { orgId, scope, id, at: now() } }, { metadata });
    await this.settled(decided);
  }

  /** The member's auto top-up settings (checked against the plans by the caller). */
  async configureAutoTopUp(orgId: string, settings: AutoTopUpSettings, by: string, metadata: EventMetadata): Promise<S> {
    const decided = await this.run(orgId, { type: 'ConfigureAutoTopUp', data: { orgId, settings, by, at: now() } }, { metadata });
    await this.settled(decided);
    return decided.state;
  }

  /** An auto top-up's attempt for a crossing (once per crossing, within the monthly cap): the state says whether there is one. */
  async startAutoTopUp(orgId: string, crossing: string, metadata: EventMetadata, at = now()): Promise<S> {
    return (await this.run(orgId, { type: 'StartAutoTopUp', data: { orgId, crossing, at } }, { metadata })).state;
  }

  /** What became of an auto top-up's charge (recorded once). */
  async recordAutoTopUp(orgId: string, crossing: string, outcome: TopUpOutcome, metadata: EventMetadata, at = now()): Promise<void> {
    await this.run(orgId, { type: 'RecordAutoTopUp', data: { orgId, crossing, at, ...outcome } }, { metadata });
  }

  /**
   * Through the organization's queue; a debit that crossed the auto top-up threshold queues its
   * charge (the crossing is recorded with the debit: if queueing fails, the ledger sweep charges it).
   */
  private async run(orgId: string, command: CreditCommand, asked: Asked & Pick<CreditRequest<S, E>, 'result'>): Promise<Decided<S, E>> {
    const decided = await this.queue.run(orgId, { command, ...asked });
    if (decided.position) this.deps.appended?.(decided.position);
    this.queueTopUp(orgId, decided.events);
    return decided;
  }

  /** A debit that crossed the auto top-up threshold queues its charge (if queueing fails, the ledger sweep charges it). */
  private queueTopUp(orgId: string, events: readonly E[]): void {
    const crossed = creditEvents(events).find((e) => e.type === 'AutoTopUpCrossed');
    const ledger = this.deps.queues?.ledger;
    if (crossed && ledger) {
      const job = autoTopUpJob(orgId, crossed.data.crossing);
      ledger.add(job.name, job.data, job.opts).catch((err: unknown) => this.deps.log?.warn({ err, orgId }, 'could not queue an auto top-up'));
    }
  }

  /** Through the queue, or inside the caller's transaction (its lots' expiry jobs are scheduled once it committed). */
  private async write(orgId: string, command: CreditCommand, asked: Asked, tx?: Writes): Promise<CreditEvent[]> {
    if (!tx) {
      const decided = await this.run(orgId, command, asked);
      this.scheduleExpiries(decided.events);
      await this.settled(decided);
      return creditEvents(decided.events);
    }
    const outcome = await tx.run(this.deps.stream.decider, this.deps.stream.streamId(orgId), command, asked);
    tx.afterCommit(() => this.scheduleExpiries(outcome.events));
    return creditEvents(outcome.events);
  }

  private async settled(decided: Decided<S, E>): Promise<void> {
    if (decided.position) await this.deps.readModels?.waitFor(decided.events.map((e) => e.type), decided.position);
  }

  private scheduleExpiries(events: readonly E[]): void {
    void scheduleExpiries(this.deps.queues?.ledger, creditEvents(events), (err) => this.deps.log?.warn({ err }, 'could not schedule an expiry (the sweep will catch it)'));
  }
}
