import type { DomainEvent } from '../eventstore/types.ts';
import { evolveTopUp, initialTopUpState, type AutoTopUpConfigured, type AutoTopUpEvent, type AutoTopUpSettings, type TopUpState } from './auto-top-up.ts';
import {
  addLot,
  balanceOf,
  captureFromHold,
  defaultPriority,
  emptyLedger,
  heldOf,
  reserve,
  takeInOrder,
  takeLots,
  unreserveHold,
  type Hold,
  type Ledger,
  type Lot,
  type LotSource,
  type Take,
} from './lots.ts';

import { countSpend, evolveBudget, initialBudgetState, BUDGET_EVENT_TYPES, type BudgetEvent, type BudgetState, type HoldOwner } from './budgets.ts';
import { evolveRemainders, type MeteredPart, type PricedUsage, type Remainders, type UsageRecorded } from './usage-events.ts';

export type { AutoTopUpAttempted, AutoTopUpConfigured, AutoTopUpCrossed, AutoTopUpEvent, AutoTopUpSettings, AutoTopUpSkipped, TopUpState } from './auto-top-up.ts';
export type { BudgetEvent, BudgetRemoved, BudgetSet, BudgetThresholdCrossed } from './budgets.ts';
export type { MeteredPart, PricedUsage, UsageRecorded } from './usage-events.ts';
export * from './lots.ts';

/**
 * The credits' events, on the organization's stream (`org-<id>`, beside the lifecycle's events of
 * services/orgs): the ledger (lots, holds), the low-balance alerts and auto top-up.
 */

/** How a grant shows in the credit transactions list (its lot's `source` says where it came from). */
export type GrantKind = 'purchase' | 'renewal' | 'adjustment' | 'promo';
export type RevokeKind = 'refund' | 'adjustment';

/** Creates a lot. Events written before lots existed lack the lot fields: `upcastOrgEvent` adds them. */
export type CreditsGranted = DomainEvent<
  'CreditsGranted',
  {
    orgId: string;
    lotId: string;
    amount: number;
    source: LotSource;
    priority: number;
    expiresAt: string | null;
    kind: GrantKind;
    description: string;
    key: string | null;
    balanceAfter: number;
    at: string;
  }
>;
/**
 * Usage, or the capture of a hold (`holdId`). `lots` says what it took from which lot; events
 * written before lots existed lack it and take in spending order when folded.
 */
export type CreditsDebited = DomainEvent<
  'CreditsDebited',
  {
    orgId: string;
    amount: number;
    description: string;
    usageId: string;
    userId: string | null;
    /** The project the spend is for (its budget counts it); a capture counts for the hold's member and project. */
    projectId?: string | null;
    balanceAfter: number;
    at: string;
    lots?: Take[];
    holdId?: string;
    /** A capture's meters, as its capturer priced them (the board's calls): metered usage counts them. */
    metered?: MeteredPart[];
    /** A capture priced by its meters: the meters' carried fractions after it (as `UsageRecorded` records them). */
    remainders?: Remainders;
  }
>;
export type CreditsRevoked = DomainEvent<
  'CreditsRevoked',
  {
    orgId: string;
    amount: number;
    requested: number;
    shortfall: number;
    kind: RevokeKind;
    description: string;
    key: string | null;
    balanceAfter: number;
    at: string;
    lots?: Take[];
  }
>;
export type CreditsExpired = DomainEvent<'CreditsExpired', { orgId: string; lotId: string; amount: number; balanceAfter: number; at: string }>;
export type HoldPlaced = DomainEvent<
  'HoldPlaced',
  { orgId: string; holdId: string; credits: number; description: string; expiresAt: string; lots: Take[]; userId: string | null; projectId?: string | null; at: string }
>;
/** The reservations go back to their lots: a release, or the rest of a hold after its capture. */
export type HoldReleased = DomainEvent<'HoldReleased', { orgId: string; holdId: string; credits: number; lots: Take[]; at: string }>;
export type HoldExpired = DomainEvent<'HoldExpired', { orgId: string; holdId: string; credits: number; lots: Take[]; at: string }>;

/** The low-balance alert's threshold (null: no alert). */
export type AlertsSet = DomainEvent<'AlertsSet', { orgId: string; lowBalanceCredits: number | null; at: string }>;
/** Available fell below the threshold (once per crossing: re-armed when it is back at or above it). */
export type CreditsLow = DomainEvent<'CreditsLow', { orgId: string; available: number; threshold: number; at: string }>;
/** Available reached 0 (once, until it is above 0 again). */
export type CreditsDepleted = DomainEvent<'CreditsDepleted', { orgId: string; available: number; at: string }>;
export type AlertEvent = AlertsSet | CreditsLow | CreditsDepleted;

export type LedgerEvent = CreditsGranted | CreditsDebited | CreditsRevoked | CreditsExpired | HoldPlaced | HoldReleased | HoldExpired;
export type CreditEvent = LedgerEvent | AlertEvent | AutoTopUpConfigured | AutoTopUpEvent | BudgetEvent | UsageRecorded;

/** A metered quantity as /usage and the rate card's backtest count it. */
export type MeteredItem = Pick<PricedUsage, 'meter' | 'quantity' | 'credits' | 'timestamp' | 'projectId'>;

/**
 * What an event counts on the meters: a usage batch's events, or the meters a hold's capture names
 * (a board call's tokens), at the capture's time.
 */
export function meteredItems(event: UsageRecorded | CreditsDebited): readonly MeteredItem[] {
  if (event.type === 'UsageRecorded') return event.data.items;
  const { at, metered } = event.data;
  return (metered ?? []).map((part) => ({ ...part, timestamp: at }));
}

/** The events that change the balance; each carries `balanceAfter`. */
export const CREDIT_EVENTS = ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked', 'CreditsExpired'] as const;
export const HOLD_EVENTS = ['HoldPlaced', 'HoldReleased', 'HoldExpired'] as const;
export const LEDGER_EVENTS: readonly LedgerEvent['type'][] = [...CREDIT_EVENTS, ...HOLD_EVENTS];

export interface AlertState {
  lowBalanceCredits: number | null;
  /** credits.low was said for the current dip below the threshold. */
  lowSent: boolean;
  /** credits.depleted was said (or nothing was ever available). */
  depletedSent: boolean;
}

/** What the credit events fold to. The organization's state (services/orgs) is this and its lifecycle, side by side. */
export interface CreditState extends Ledger, BudgetState {
  /** Σ remaining of the open lots. */
  balance: number;
  /** Σ credits of the open holds. */
  held: number;
  /** When credits were last bought or renewed. */
  lastBilling: string | null;
  /** Business keys of grants and revocations already applied (a billing period, a refund). */
  appliedKeys: string[];
  autoTopUp: AutoTopUpSettings | null;
  topUps: TopUpState;
  alerts: AlertState;
  /** Metered usage: each meter's fraction of a credit not debited yet (carried to its next event). */
  usageRemainders: Remainders;
}

/** What credit decisions read: the credits' state and two facts of the organization's lifecycle (folded by services/orgs). */
export interface CreditStreamState extends CreditState {
  exists: boolean;
  active: boolean;
}

export const initialCreditState = (): CreditState => ({
  balance: 0,
  held: 0,
  ...emptyLedger(),
  lastBilling: null,
  appliedKeys: [],
  alerts: { lowBalanceCredits: null, lowSent: false, depletedSent: true },
  autoTopUp: null,
  topUps: initialTopUpState(),
  ...initialBudgetState(),
  usageRemainders: {},
});

/** What credits may be spent: balance − held. */
export const availableOf = (state: Pick<CreditState, 'balance' | 'held'>) => state.balance - state.held;

/** The lot a grant creates. */
export const lotOf = (d: CreditsGranted['data']): Lot => ({
  id: d.lotId,
  source: d.source,
  amount: d.amount,
  remaining: d.amount,
  reserved: 0,
  priority: d.priority,
  expiresAt: d.expiresAt,
  grantedAt: d.at,
  description: d.description,
  key: d.key,
});

/** What a movement without `lots` (written before lots existed) took: spending order, never more than there is. */
function legacyTakes(ledger: Ledger, amount: number): Take[] {
  const taken = Math.min(amount, balanceOf(ledger));
  return takeInOrder(ledger.lots, taken, null) ?? [];
}

/** The ledger part of the fold, shared with the read models that follow lots and holds. */
export function evolveLedger(ledger: Ledger, event: LedgerEvent): Ledger {
  switch (event.type) {
    case 'CreditsGranted':
      return addLot(ledger, lotOf(event.data));
    case 'CreditsDebited':
      if (event.data.holdId) return captureFromHold(ledger, event.data.holdId, event.data.lots ?? []);
      return takeLots(ledger, event.data.lots ?? legacyTakes(ledger, event.data.amount));
    case 'CreditsRevoked':
      return takeLots(ledger, event.data.lots ?? legacyTakes(ledger, event.data.amount));
    case 'CreditsExpired':
      return takeLots(ledger, [{ lotId: event.data.lotId, amount: event.data.amount }]);
    case 'HoldPlaced': {
      const { holdId, credits, expiresAt, description, lots } = event.data;
      const hold: Hold = { holdId, credits, expiresAt, description, lots };
      return reserve(ledger, hold);
    }
    case 'HoldReleased':
    case 'HoldExpired':
      return unreserveHold(ledger, event.data.holdId);
  }
}

function withoutHold(owners: Record<string, HoldOwner> | undefined, holdId: string): Record<string, HoldOwner> {
  if (!owners?.[holdId]) return owners ?? {};
  const { [holdId]: _closed, ...rest } = owners;
  return rest;
}

const withKey = (keys: string[], key: string | null) => (key ? [...keys, key] : keys);

/** An alert is armed again once available is back at or above its threshold (above 0 for depleted). */
function rearm(alerts: AlertState, available: number): AlertState {
  const low = alerts.lowBalanceCredits;
  const lowSent = alerts.lowSent && !(low !== null && available >= low);
  const depletedSent = alerts.depletedSent && available <= 0;
  return lowSent === alerts.lowSent && depletedSent === alerts.depletedSent ? alerts : { ...alerts, lowSent, depletedSent };
}

function withLedger<S extends CreditState>(state: S, event: LedgerEvent): S {
  const { lots, holds } = evolveLedger(state, event);
  const next = { ...state, lots, holds };
  const folded = { ...next, balance: balanceOf(next), held: heldOf(next) };
  return { ...folded, alerts: rearm(state.alerts ?? initialCreditState().alerts, availableOf(folded)) };
}

/** The credits' fold. It keeps whatever else the state holds (the organization's lifecycle) as it is. */
export function evolveCredits<S extends CreditState>(state: S, event: CreditEvent): S {
  switch (event.type) {
    case 'CreditsGranted': {
      const billed = event.data.kind === 'purchase' || event.data.kind === 'renewal';
      const next = withLedger(state, event);
      return { ...next, appliedKeys: withKey(state.appliedKeys, event.data.key), lastBilling: billed ? event.data.at : state.lastBilling };
    }
    case 'CreditsRevoked':
      return { ...withLedger(state, event), appliedKeys: withKey(state.appliedKeys, event.data.key) };
    case 'CreditsDebited': {
      const { holdId, userId, projectId = null, amount, remainders, at } = event.data;
      const moved = withLedger(state, event);
      const next = remainders ? { ...moved, usageRemainders: evolveRemainders(state.usageRemainders, remainders) } : moved;
      if (!holdId) return countSpend(next, { userId, projectId }, amount, at);
      const owner = state.holdOwners?.[holdId];
      const counted = owner ? countSpend(next, owner, amount, at) : next;
      return next.holds.some((h) => h.holdId === holdId) ? counted : { ...counted, holdOwners: withoutHold(counted.holdOwners, holdId) };
    }
    case 'HoldPlaced': {
      const { holdId, userId, projectId = null } = event.data;
      const next = withLedger(state, event);
      return { ...next, holdOwners: { ...(state.holdOwners ?? {}), [holdId]: { userId, projectId } } };
    }
    case 'HoldReleased':
    case 'HoldExpired':
      return { ...withLedger(state, event), holdOwners: withoutHold(state.holdOwners, event.data.holdId) };
    case 'CreditsExpired':
      return withLedger(state, event);
    case 'BudgetSet':
    case 'BudgetRemoved':
    case 'BudgetThresholdCrossed':
      return evolveBudget(state, event);
    case 'AlertsSet': {
      const low = event.data.lowBalanceCredits;
      // A threshold set while already below it is not a crossing: armed once available is back above.
      return { ...state, alerts: { ...state.alerts, lowBalanceCredits: low, lowSent: low !== null && availableOf(state) < low } };
    }
    case 'CreditsLow':
      return { ...state, alerts: { ...state.alerts, lowSent: true } };
    case 'CreditsDepleted':
      return { ...state, alerts: { ...state.alerts, depletedSent: true } };
    case 'AutoTopUpConfigured':
      return { ...state, autoTopUp: event.data.settings, topUps: { ...state.topUps, disabledReason: null } };
    case 'AutoTopUpDisabled':
      return { ...state, autoTopUp: state.autoTopUp && { ...state.autoTopUp, enabled: false }, topUps: evolveTopUp(state.topUps, event) };
    case 'AutoTopUpCrossed':
    case 'AutoTopUpSkipped':
    case 'AutoTopUpAttempted':
    case 'AutoTopUpSucceeded':
    case 'AutoTopUpFailed':
      return { ...state, topUps: evolveTopUp(state.topUps, event) };
    case 'UsageRecorded':
      return { ...state, usageRemainders: evolveRemainders(state.usageRemainders, event.data.remainders) };
  }
}

const CREDIT_EVENT_TYPES: ReadonlySet<string> = new Set<CreditEvent['type']>([
  ...LEDGER_EVENTS,
  'AlertsSet',
  'CreditsLow',
  'CreditsDepleted',
  'AutoTopUpConfigured',
  'AutoTopUpCrossed',
  'AutoTopUpSkipped',
  'AutoTopUpAttempted',
  'AutoTopUpSucceeded',
  'AutoTopUpFailed',
  'AutoTopUpDisabled',
  ...BUDGET_EVENT_TYPES,
  'UsageRecorded',
]);

/** Whether an event of the organization's stream is the credits' (the rest is the lifecycle's). */
export const isCreditEvent = (event: { type: string }): event is CreditEvent => CREDIT_EVENT_TYPES.has(event.type);

type LegacyGrant = Omit<CreditsGranted['data'], 'lotId' | 'source' | 'priority' | 'expiresAt'> & Partial<CreditsGranted['data']>;

/** Where a grant written before lots existed came from, read from its kind and business key. */
export function legacySource(data: Pick<LegacyGrant, 'kind' | 'key'>): LotSource {
  if (data.key?.startsWith('period:') || data.kind === 'renewal') return 'plan_monthly';
  if (data.key?.startsWith('purchase:')) return 'plan_one_time';
  if (data.kind === 'adjustment') return 'manual';
  return 'purchase';
}

/**
 * Events of the organization's stream as the log holds them, in today's shape: a grant written
 * before lots existed becomes one never-expiring lot, whose id is the event's id. Nothing stored is
 * rewritten.
 */
export function upcastOrgEvent<T extends { type: string; data: unknown; eventId: string }>(event: T): T {
  if (event.type !== 'CreditsGranted') return event;
  const data = event.data as LegacyGrant;
  if (data.lotId) return event;
  const source = legacySource(data);
  return { ...event, data: { ...data, lotId: event.eventId, source, priority: defaultPriority(source), expiresAt: null } };
}
