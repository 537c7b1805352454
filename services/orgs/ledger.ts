import { randomUUID } from 'node:crypto';
import type { Queue } from 'bullmq';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { EventMetadata, LogPosition } from '../eventstore/types.ts';
import { autoTopUpJob } from '../platform/jobs.ts';
import type { CommandMetrics } from '../platform/metrics.ts';
import { crossingOf } from './auto-top-up.ts';
import { creditsView, type CreditsView } from './credits-view.ts';
import { DEFAULT_HOLD_TTL_SECONDS } from './credit-decisions.ts';
import { orgDecider } from './decider.ts';
import { orgQueue, type OrgRequest } from './debits.ts';
import { HoldClosed, HoldPastExpiry, OrganizationInactive } from './errors.ts';
import { availableOf, orgStreamId, type OrgEvent, type OrgState } from './events.ts';
import { scheduleExpiries } from './expiry.ts';

/**
 * The ledger as other server code uses it (the usage and hold routes, API keys, the board): every
 * call of one organization goes through the process's per-organization queue, so concurrent calls
 * are decided together against the stream. A Fastify app is a LedgerDeps.
 */
export interface LedgerDeps {
  store: EventStore;
  metrics: CommandMetrics;
  /** Where expiry jobs go; without it, the sweep alone expires holds. */
  queues?: { ledger: Queue };
  log?: { warn(obj: unknown, msg?: string): void };
  /** Told where a command's batch was appended, so the caller's next reads wait for it (read-your-writes). */
  commands?: { appended(position: LogPosition): void };
}

export interface Amounts {
  balance: number;
  available: number;
}

const amounts = (state: OrgState): Amounts => ({ balance: state.balance, available: availableOf(state) });

/** The keys a command's first answer is stored under. The closing key is shared by capture, release and expiry: a hold closes once. */
export const ledgerKeys = {
  usage: (orgId: string, key: string) => `usage-${orgId}-${key}`,
  hold: (orgId: string, key: string) => `hold-${orgId}-${key}`,
  holdClose: (orgId: string, holdId: string) => `hold-close-${orgId}-${holdId}`,
  lotExpiry: (orgId: string, lotId: string) => `expire-${orgId}-${lotId}`,
};

type Closed = { closed: 'captured' | 'released' | 'expired' };

async function run(deps: LedgerDeps, orgId: string, request: OrgRequest) {
  const decided = await orgQueue(deps.store, deps.metrics).run(orgId, request);
  if (decided.position) deps.commands?.appended(decided.position);
  const crossing = crossingOf(decided.events, decided.state.autoTopUp);
  if (crossing && deps.queues) {
    const job = autoTopUpJob(orgId, crossing);
    deps.queues.ledger
      .add(job.name, job.data, job.opts)
      .catch((err: unknown) => deps.log?.warn({ err, orgId }, 'could not queue an auto top-up'));
  }
  return decided;
}

function schedule(deps: LedgerDeps, events: OrgEvent[]) {
  void scheduleExpiries(deps.queues?.ledger, events, (err) => deps.log?.warn({ err }, 'could not schedule an expiry (the sweep will catch it)'));
}

const now = () => new Date().toISOString();

export interface SpendInput {
  orgId: string;
  userId: string | null;
  credits: number;
  description: string;
  idempotencyKey: string;
  metadata: EventMetadata;
  /** When it happens (default: now). */
  at?: string;
}

/** Spends from what is available; a repeated key answers the first result and spends nothing. */
export async function spendCredits(deps: LedgerDeps, input: SpendInput): Promise<Amounts> {
  const { orgId, userId, credits, description, idempotencyKey, metadata, at = now() } = input;
  const decided = await run(deps, orgId, {
    command: { type: 'DebitCredits', data: { orgId, amount: credits, description, usageId: randomUUID(), userId, at } },
    idempotencyKey: ledgerKeys.usage(orgId, idempotencyKey),
    request: { credits, description },
    result: amounts,
    metadata,
  });
  const result = decided.result as { balance: number; available?: number };
  // Answers stored before holds existed carry the balance only (then nothing was held).
  return { balance: result.balance, available: result.available ?? result.balance };
}

export interface HoldInput extends SpendInput {
  ttlSeconds?: number;
}

export interface PlacedHold extends Amounts {
  holdId: string;
  credits: number;
  expiresAt: string;
}

/** Reserves credits for work whose cost is known later; the same key answers the same hold. */
export async function placeHold(deps: LedgerDeps, input: HoldInput): Promise<PlacedHold> {
  const { orgId, userId, credits, description, idempotencyKey, metadata, at = now() } = input;
  const ttlSeconds = input.ttlSeconds ?? DEFAULT_HOLD_TTL_SECONDS;
  const holdId = randomUUID();
  const decided = await run(deps, orgId, {
    command: { type: 'PlaceHold', data: { orgId, holdId, credits, description, ttlSeconds, userId, at } },
    idempotencyKey: ledgerKeys.hold(orgId, idempotencyKey),
    request: { credits, description, ttlSeconds },
    result: (state, events) => {
      const placed = events.find((e) => e.type === 'HoldPlaced');
      return { holdId, credits, expiresAt: placed?.type === 'HoldPlaced' ? placed.data.expiresAt : '', ...amounts(state) };
    },
    metadata,
  });
  if (!decided.repeated) schedule(deps, decided.events);
  return decided.result as PlacedHold;
}

const closedBefore = (result: unknown) => ((result as Closed).closed === 'expired' ? new HoldPastExpiry() : new HoldClosed());

export interface CaptureInput {
  orgId: string;
  holdId: string;
  userId: string | null;
  /** Default: the whole hold. */
  credits?: number;
  description?: string;
  metadata: EventMetadata;
  at?: string;
}

/** Turns (part of) a hold into a debit and releases the rest; a closed hold answers 409. */
export async function captureHold(deps: LedgerDeps, input: CaptureInput): Promise<Amounts & { captured: number }> {
  const { orgId, holdId, userId, credits, description, metadata, at = now() } = input;
  const decided = await run(deps, orgId, {
    command: { type: 'CaptureHold', data: { orgId, holdId, credits, description, usageId: randomUUID(), userId, at } },
    idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
    request: { holdId },
    result: (state, events) => ({
      closed: 'captured',
      captured: events.reduce((n, e) => (e.type === 'CreditsDebited' && e.data.holdId === holdId ? n + e.data.amount : n), 0),
      ...amounts(state),
    }),
    metadata,
  });
  if (decided.repeated) throw closedBefore(decided.result);
  const { balance, available, captured } = decided.result as Amounts & { captured: number };
  return { balance, available, captured };
}

/** Gives a hold's credits back; a closed hold answers 409. */
export async function releaseHold(deps: LedgerDeps, input: { orgId: string; holdId: string; metadata: EventMetadata; at?: string }): Promise<Amounts> {
  const { orgId, holdId, metadata, at = now() } = input;
  const decided = await run(deps, orgId, {
    command: { type: 'ReleaseHold', data: { orgId, holdId, at } },
    idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
    request: { holdId },
    result: (state) => ({ closed: 'released', ...amounts(state) }),
    metadata,
  });
  if (decided.repeated) throw closedBefore(decided.result);
  const { balance, available } = decided.result as Amounts;
  return { balance, available };
}

/** The worker's: releases a hold that reached its expiry (nothing before, nothing twice). */
export async function expireHold(deps: LedgerDeps, orgId: string, holdId: string, at = now()): Promise<boolean> {
  const decided = await run(deps, orgId, {
    command: { type: 'ExpireHold', data: { orgId, holdId, at } },
    idempotencyKey: ledgerKeys.holdClose(orgId, holdId),
    request: { holdId },
    result: () => ({ closed: 'expired' }),
    metadata: { actor: 'system' },
  });
  return !decided.repeated && decided.events.some((e) => e.type === 'HoldExpired');
}

/** The worker's: expires a lot's unreserved credits once due (the key is per lot). */
export async function expireLot(deps: LedgerDeps, orgId: string, lotId: string, at = now()): Promise<boolean> {
  const decided = await run(deps, orgId, {
    command: { type: 'ExpireCredits', data: { orgId, lotId, at } },
    idempotencyKey: ledgerKeys.lotExpiry(orgId, lotId),
    request: { lotId },
    result: () => ({ expired: lotId }),
    metadata: { actor: 'system' },
  });
  return !decided.repeated && decided.events.length > 0;
}

/** Balance, available, held, the open lots and holds: from the stream, so exact right after a command. */
export async function orgCredits(deps: Pick<LedgerDeps, 'store'>, orgId: string, at = now()): Promise<CreditsView> {
  const state = await loadState(deps.store, orgDecider, orgStreamId(orgId));
  return creditsView(state, at);
}

/** The same, for an API key: a key of a disabled organization opens nothing (403). */
export async function activeOrgCredits(deps: Pick<LedgerDeps, 'store'>, orgId: string, at = now()): Promise<CreditsView> {
  const state = await loadState(deps.store, orgDecider, orgStreamId(orgId));
  if (!state.active) throw new OrganizationInactive();
  return creditsView(state, at);
}

export { schedule as scheduleLedgerExpiries };
