import { parsePico, PICO } from '../platform/decimal.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { checkBudgets } from './budgets.ts';
import { AdjustmentExceedsAvailable, CaptureExceedsHold, HoldPastExpiry, InsufficientCredits, OrganizationInactive } from './errors.ts';
import {
  availableOf,
  defaultPriority,
  dueExpiries,
  evolveCredits,
  isDue,
  MAX_PRIORITY,
  spendable,
  takeFromHold,
  takeInOrder,
  unreserved,
  type CreditEvent,
  type CreditStreamState,
  type GrantKind,
  type LotSource,
  type MeteredPart,
  type RevokeKind,
  type Take,
} from './events.ts';
import { Carry, type Remainders } from './usage-events.ts';

export const MAX_HOLD_TTL_SECONDS = 86_400;
export const DEFAULT_HOLD_TTL_SECONDS = 900;

/** Creates a lot. An `expiresAt` already past (a late Stripe period) grants the lot and expires it at once. */
export type GrantCredits = {
  type: 'GrantCredits';
  data: {
    orgId: string;
    lotId: string;
    amount: number;
    source: LotSource;
    priority?: number;
    expiresAt?: string | null;
    kind: GrantKind;
    description: string;
    key?: string;
    at: string;
  };
};
export type DebitCredits = {
  type: 'DebitCredits';
  data: { orgId: string; amount: number; description: string; usageId: string; userId: string | null; projectId?: string | null; at: string };
};
/** Takes credits back; never below zero: what cannot be taken is recorded as the shortfall. `lotKey`: only from that grant's lot. */
export type RevokeCredits = {
  type: 'RevokeCredits';
  data: { orgId: string; amount: number; kind: RevokeKind; description: string; key?: string; lotKey?: string; at: string };
};
/** An admin's correction: positive grants a lot (`manual` or `promo`), negative takes from what is available. */
export type AdjustCredits = {
  type: 'AdjustCredits';
  data: {
    orgId: string;
    amount: number;
    description: string;
    lotId: string;
    expiresAt?: string | null;
    priority?: number;
    source?: 'manual' | 'promo';
    at: string;
  };
};
export type PlaceHold = {
  type: 'PlaceHold';
  data: { orgId: string; holdId: string; credits: number; description: string; ttlSeconds: number; userId: string | null; projectId?: string | null; at: string };
};
/**
 * `credits` (default: the whole hold) become a debit; the rest goes back. Without `credits`, a capture
 * given `metered` parts is priced by them (exact, each meter's fraction carried, as usage events are):
 * given none (a call that reported no tokens), it costs nothing.
 */
export type CaptureHold = {
  type: 'CaptureHold';
  data: { orgId: string; holdId: string; credits?: number; description?: string; usageId: string; userId: string | null; at: string; metered?: MeteredPart[] };
};
export type ReleaseHold = { type: 'ReleaseHold'; data: { orgId: string; holdId: string; at: string } };
/** The worker's: releases a hold once `at` has reached its expiry; nothing before. */
export type ExpireHold = { type: 'ExpireHold'; data: { orgId: string; holdId: string; at: string } };
/** The worker's: expires the unreserved credits of one lot once `at` has reached its expiry. */
export type ExpireCredits = { type: 'ExpireCredits'; data: { orgId: string; lotId: string; at: string } };

export type LedgerCommand = GrantCredits | DebitCredits | RevokeCredits | AdjustCredits | PlaceHold | CaptureHold | ReleaseHold | ExpireHold | ExpireCredits;

/**
 * Events decided in order, each folded at once (every `balanceAfter` is the balance after its event):
 * the decision ends with the state after its events, so nothing folds them again.
 */
export class Draft<S extends CreditStreamState> {
  readonly events: CreditEvent[] = [];
  /** The state before the decision. */
  readonly before: S;
  constructor(public state: S) {
    this.before = state;
  }

  push(event: CreditEvent): void {
    this.state = evolveCredits(this.state, event);
    if ('balanceAfter' in event.data) event.data.balanceAfter = this.state.balance;
    this.events.push(event);
  }

  /** Every credit decision first (and last) expires what is due, so no decision ever spends an expired credit. */
  settle(orgId: string, at: string): void {
    for (const { lotId, amount } of dueExpiries(this.state, at)) this.push({ type: 'CreditsExpired', data: { orgId, lotId, amount, balanceAfter: 0, at } });
  }
}

export function mustExist(state: CreditStreamState) {
  if (!state.exists) throw new NotFoundError('Organization');
}

function mustBeActive(state: CreditStreamState) {
  if (!state.active) throw new OrganizationInactive();
}

export function positiveWhole(amount: number, field = 'amount') {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ValidationError(`${field} must be a positive whole number`, field);
}

function checkPriority(priority: number) {
  if (!Number.isSafeInteger(priority) || priority < 0 || priority > MAX_PRIORITY) {
    throw new ValidationError(`priority must be a whole number from 0 to ${MAX_PRIORITY}`, 'priority');
  }
}

function parseExpiry(expiresAt: string | null | undefined): string | null {
  if (expiresAt === undefined || expiresAt === null) return null;
  const time = Date.parse(expiresAt);
  if (Number.isNaN(time)) throw new ValidationError('expiresAt must be a date and time', 'expiresAt');
  return new Date(time).toISOString();
}

const lessThanAvailable = (state: CreditStreamState) => new InsufficientCredits(state.balance, availableOf(state));

/**
 * Whether a spend of `credits` fits now, judged as a hold's decision judges one (an active organization,
 * every budget that applies, then the live lots' unreserved credits): throws what that hold would, changes nothing. For a
 * caller about to place several holds, so a refusal speaks of what was there before the first.
 */
export function checkRoom(state: CreditStreamState, owner: { userId: string | null; projectId: string | null }, credits: number, at: string): void {
  mustBeActive(state);
  checkBudgets(state, owner, credits, at);
  if (spendable(state, at) < credits) throw lessThanAvailable(state);
}

function grant({ data }: GrantCredits, draft: Draft<CreditStreamState>): void {
  positiveWhole(data.amount);
  const priority = data.priority ?? defaultPriority(data.source);
  checkPriority(priority);
  const expiresAt = parseExpiry(data.expiresAt);
  const key = data.key ?? null;
  if (key && draft.state.appliedKeys.includes(key)) return;
  if (draft.state.lots.some((l) => l.id === data.lotId)) throw new ConflictError('This lot already exists');
  const { orgId, lotId, amount, source, kind, description, at } = data;
  draft.push({ type: 'CreditsGranted', data: { orgId, lotId, amount, source, priority, expiresAt, kind, description, key, balanceAfter: 0, at } });
}

function debit({ data }: DebitCredits, draft: Draft<CreditStreamState>): void {
  positiveWhole(data.amount, 'credits');
  mustBeActive(draft.state);
  checkBudgets(draft.state, { userId: data.userId, projectId: data.projectId ?? null }, data.amount, data.at);
  const lots = takeInOrder(draft.state.lots, data.amount, data.at);
  if (!lots) throw lessThanAvailable(draft.state);
  const { projectId, ...rest } = data;
  draft.push({ type: 'CreditsDebited', data: { ...rest, ...(projectId ? { projectId } : {}), lots, balanceAfter: 0 } });
}

function revoke({ data }: RevokeCredits, draft: Draft<CreditStreamState>): void {
  positiveWhole(data.amount);
  const key = data.key ?? null;
  if (key && draft.state.appliedKeys.includes(key)) return;
  let lots: Take[];
  if (data.lotKey !== undefined) {
    const lot = draft.state.lots.find((l) => l.key === data.lotKey);
    const taken = lot ? Math.min(data.amount, unreserved(lot)) : 0;
    lots = lot && taken > 0 ? [{ lotId: lot.id, amount: taken }] : [];
  } else {
    lots = takeInOrder(draft.state.lots, Math.min(data.amount, spendable(draft.state, data.at)), data.at) ?? [];
  }
  const taken = lots.reduce((a, t) => a + t.amount, 0);
  const { orgId, amount, kind, description, at } = data;
  draft.push({
    type: 'CreditsRevoked',
    data: { orgId, amount: taken, requested: amount, shortfall: amount - taken, kind, description, key, balanceAfter: 0, at, lots },
  });
}

function adjust({ data }: AdjustCredits, draft: Draft<CreditStreamState>): void {
  if (!Number.isSafeInteger(data.amount) || data.amount === 0) throw new ValidationError('amount must be a non-zero whole number', 'amount');
  const { orgId, description, at } = data;
  if (data.amount > 0) {
    const expiresAt = parseExpiry(data.expiresAt);
    if (expiresAt && isDue(expiresAt, at)) throw new ValidationError('expiresAt must be in the future', 'expiresAt');
    const source = data.source ?? 'manual';
    const kind = source === 'promo' ? 'promo' : 'adjustment';
    return grant({ type: 'GrantCredits', data: { orgId, lotId: data.lotId, amount: data.amount, source, priority: data.priority, expiresAt, kind, description, at } }, draft);
  }
  if (data.expiresAt != null || data.priority !== undefined || data.source !== undefined) {
    throw new ValidationError('expiresAt, priority and source apply only to a positive amount', 'amount');
  }
  const available = spendable(draft.state, at);
  if (available < -data.amount) throw new AdjustmentExceedsAvailable(available);
  revoke({ type: 'RevokeCredits', data: { orgId, amount: -data.amount, kind: 'adjustment', description, at } }, draft);
}

function placeHold({ data }: PlaceHold, draft: Draft<CreditStreamState>): void {
  positiveWhole(data.credits, 'credits');
  if (!Number.isSafeInteger(data.ttlSeconds) || data.ttlSeconds < 1 || data.ttlSeconds > MAX_HOLD_TTL_SECONDS) {
    throw new ValidationError(`ttlSeconds must be a whole number from 1 to ${MAX_HOLD_TTL_SECONDS}`, 'ttlSeconds');
  }
  mustBeActive(draft.state);
  if (draft.state.holds.some((h) => h.holdId === data.holdId)) throw new ConflictError('This hold already exists');
  const projectId = data.projectId ?? null;
  checkBudgets(draft.state, { userId: data.userId, projectId }, data.credits, data.at);
  const lots = takeInOrder(draft.state.lots, data.credits, data.at);
  if (!lots) throw lessThanAvailable(draft.state);
  const { orgId, holdId, credits, description, userId, at } = data;
  const expiresAt = new Date(Date.parse(at) + data.ttlSeconds * 1000).toISOString();
  draft.push({ type: 'HoldPlaced', data: { orgId, holdId, credits, description, expiresAt, lots, userId, ...(projectId ? { projectId } : {}), at } });
}

const openHold = (state: CreditStreamState, holdId: string) => {
  const hold = state.holds.find((h) => h.holdId === holdId);
  if (!hold) throw new NotFoundError('Hold');
  return hold;
};

/**
 * A capture priced by its meters (a board call's tokens), as usage events are: each part's exact
 * credits join its meter's carried fraction, and the whole credits reached are taken, never more than
 * the hold: what the hold cannot take stays carried, for the meter's next use to take.
 */
function pricedByMeters(state: CreditStreamState, hold: { credits: number }, parts: readonly MeteredPart[]): { credits: number; remainders: Remainders } {
  const carry = new Carry(state.usageRemainders);
  let room = BigInt(hold.credits);
  for (const part of parts) {
    const total = carry.of(part.meter) + parsePico(part.credits);
    const whole = total / PICO < room ? total / PICO : room;
    room -= whole;
    carry.set(part.meter, total - whole * PICO);
  }
  return { credits: hold.credits - Number(room), remainders: carry.after() };
}

function capture({ data }: CaptureHold, draft: Draft<CreditStreamState>): void {
  const hold = openHold(draft.state, data.holdId);
  if (isDue(hold.expiresAt, data.at)) throw new HoldPastExpiry();
  const priced = data.credits === undefined && data.metered ? pricedByMeters(draft.state, hold, data.metered) : null;
  const credits = priced?.credits ?? data.credits ?? hold.credits;
  if (!Number.isSafeInteger(credits) || credits < 0) throw new ValidationError('credits must be a whole number of at least 0', 'credits');
  if (credits > hold.credits) throw new CaptureExceedsHold(hold.credits);
  const { orgId, holdId, usageId, userId, at } = data;
  // A priced capture is recorded even when it reached no whole credit: its meters and their fractions moved.
  if (credits > 0 || priced) {
    const lots = takeFromHold(draft.state, hold, credits, at);
    const description = data.description ?? hold.description;
    const metered = data.metered?.length ? { metered: data.metered } : {};
    const carried = priced ? { remainders: priced.remainders } : {};
    draft.push({ type: 'CreditsDebited', data: { orgId, amount: credits, description, usageId, userId, balanceAfter: 0, at, lots, holdId, ...metered, ...carried } });
  }
  const rest = draft.state.holds.find((h) => h.holdId === holdId);
  if (rest) draft.push({ type: 'HoldReleased', data: { orgId, holdId, credits: rest.credits, lots: rest.lots, at } });
}

function release({ data }: ReleaseHold, draft: Draft<CreditStreamState>): void {
  const hold = openHold(draft.state, data.holdId);
  draft.push({ type: 'HoldReleased', data: { orgId: data.orgId, holdId: hold.holdId, credits: hold.credits, lots: hold.lots, at: data.at } });
}

function expireHold({ data }: ExpireHold, draft: Draft<CreditStreamState>): void {
  const hold = draft.state.holds.find((h) => h.holdId === data.holdId)!;
  draft.push({ type: 'HoldExpired', data: { orgId: data.orgId, holdId: hold.holdId, credits: hold.credits, lots: hold.lots, at: data.at } });
}

const DECISIONS: { [K in Exclude<LedgerCommand['type'], 'ExpireCredits'>]: (command: Extract<LedgerCommand, { type: K }>, draft: Draft<CreditStreamState>) => void } = {
  GrantCredits: grant,
  DebitCredits: debit,
  RevokeCredits: revoke,
  AdjustCredits: adjust,
  PlaceHold: placeHold,
  CaptureHold: capture,
  ReleaseHold: release,
  ExpireHold: expireHold,
};

/**
 * The worker's commands decide only what they name (so the key of one lot's or one hold's expiry is
 * stored only with that expiry): a lot's unreserved credits once due; a hold once due.
 */
function nothingToExpire(command: ExpireCredits | ExpireHold, state: CreditStreamState): boolean {
  if (!state.exists) return true;
  if (command.type === 'ExpireCredits') return !dueExpiries(state, command.data.at).some((e) => e.lotId === command.data.lotId);
  const hold = state.holds.find((h) => h.holdId === command.data.holdId);
  return !hold || !isDue(hold.expiresAt, command.data.at);
}

/** A ledger command, with what is due expired before and after it (a release may free credits of an expired lot). */
export function decideLedger<S extends CreditStreamState>(command: LedgerCommand, draft: Draft<S>): void {
  const { state } = draft;
  if ((command.type === 'ExpireCredits' || command.type === 'ExpireHold') && nothingToExpire(command, state)) return;
  mustExist(state);
  const { orgId, at } = command.data;
  if (command.type === 'ExpireCredits') {
    const due = dueExpiries(state, at).find((e) => e.lotId === command.data.lotId)!;
    draft.push({ type: 'CreditsExpired', data: { orgId, lotId: due.lotId, amount: due.amount, balanceAfter: 0, at } });
    return;
  }
  draft.settle(orgId, at);
  (DECISIONS[command.type] as (c: LedgerCommand, d: Draft<S>) => void)(command, draft);
  draft.settle(orgId, at);
}
