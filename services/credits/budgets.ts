import { DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { formatCount } from '../platform/text.ts';
import type { DomainEvent } from '../eventstore/types.ts';
import type { Hold } from './lots.ts';

/**
 * Budgets inside an organization's pool: a cap on what one member, or one project, may spend (per
 * UTC month or in total). They are decided in the same credit decision as the spend they limit,
 * on the organization's stream, so concurrent spends can never pass one.
 */

export const BUDGET_SCOPES = ['member', 'project'] as const;
export type BudgetScope = (typeof BUDGET_SCOPES)[number];
export const BUDGET_PERIODS = ['month', 'total'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];
export const DEFAULT_THRESHOLDS = [80, 100];
export const MAX_BUDGET_CREDITS = 1_000_000_000;

export interface Budget {
  scope: BudgetScope;
  id: string;
  credits: number;
  period: BudgetPeriod;
  /** Percentages of `credits` whose crossing says `budget.threshold` (once per period). */
  thresholds: number[];
  /** The thresholds already said, and for which period. */
  alerted: { periodStart: string; thresholds: number[] };
}

/** What a member or a project spent: in total, and in the UTC month `month` ('YYYY-MM'). */
export interface Spending {
  total: number;
  month: string;
  monthSpent: number;
}

/** Who an open hold is for (its capture counts for them, whoever captures it). */
export interface HoldOwner {
  userId: string | null;
  projectId: string | null;
}

export interface BudgetState {
  /** By `scope:id`. */
  budgets: Record<string, Budget>;
  /** By `scope:id`, for every member and project that ever spent (budget or not), so a budget set later knows what was spent. */
  spending: Record<string, Spending>;
  holdOwners: Record<string, HoldOwner>;
}

export const initialBudgetState = (): BudgetState => ({ budgets: {}, spending: {}, holdOwners: {} });

export type BudgetSet = DomainEvent<
  'BudgetSet',
  { orgId: string; scope: BudgetScope; id: string; credits: number; period: BudgetPeriod; thresholds: number[]; at: string }
>;
export type BudgetRemoved = DomainEvent<'BudgetRemoved', { orgId: string; scope: BudgetScope; id: string; at: string }>;
/** Spent + held reached `threshold` percent of the budget (once per threshold and period). */
export type BudgetThresholdCrossed = DomainEvent<
  'BudgetThresholdCrossed',
  { orgId: string; scope: BudgetScope; id: string; threshold: number; credits: number; spent: number; held: number; period: BudgetPeriod; periodStart: string; at: string }
>;
export type BudgetEvent = BudgetSet | BudgetRemoved | BudgetThresholdCrossed;
export const BUDGET_EVENT_TYPES: readonly BudgetEvent['type'][] = ['BudgetSet', 'BudgetRemoved', 'BudgetThresholdCrossed'];

export type SetBudget = {
  type: 'SetBudget';
  data: { orgId: string; scope: BudgetScope; id: string; credits: number; period: BudgetPeriod; thresholds?: number[]; at: string };
};
export type RemoveBudget = { type: 'RemoveBudget'; data: { orgId: string; scope: BudgetScope; id: string; at: string } };
export type BudgetCommand = SetBudget | RemoveBudget;

/** A spend that a budget has no room for: nothing changes. */
export class BudgetExceeded extends DomainError {
  constructor(scope: BudgetScope, id: string, credits: number, spent: number, held: number, needed: number) {
    const whose = scope === 'member' ? "This member's" : "This project's";
    // Numbers as the web app writes them (3,000), since the pages show this message as it is.
    const heldText = held > 0 ? ` and ${formatCount(held)} held` : '';
    super(402, 'budget_exceeded', `${whose} budget of ${formatCount(credits)} credit${credits === 1 ? '' : 's'} has no room for ${formatCount(needed)} more: ${formatCount(spent)} spent${heldText}`, {
      error: 'budget_exceeded',
      scope,
      id,
      credits,
      spent,
    });
  }
}

export const budgetKey = (scope: BudgetScope, id: string) => `${scope}:${id}`;
const monthOf = (at: string) => at.slice(0, 7);
/** The start of the budget's current period ('total': the epoch). */
export const periodStartOf = (period: BudgetPeriod, at: string) => (period === 'month' ? `${monthOf(at)}-01T00:00:00.000Z` : '1970-01-01T00:00:00.000Z');

export function spentOf(state: BudgetState, scope: BudgetScope, id: string, period: BudgetPeriod, at: string): number {
  const s = state.spending[budgetKey(scope, id)];
  if (!s) return 0;
  if (period === 'total') return s.total;
  return s.month === monthOf(at) ? s.monthSpent : 0;
}

/** Credits of the open holds placed for this member or project. */
export function heldFor(state: BudgetState & { holds: Hold[] }, scope: BudgetScope, id: string): number {
  let held = 0;
  for (const hold of state.holds) {
    const owner = state.holdOwners[hold.holdId];
    if (owner && (scope === 'member' ? owner.userId : owner.projectId) === id) held += hold.credits;
  }
  return held;
}

export interface BudgetView {
  scope: BudgetScope;
  id: string;
  credits: number;
  period: BudgetPeriod;
  thresholds: number[];
  spent: number;
  held: number;
  periodStart: string;
}

export function budgetsView(state: BudgetState & { holds: Hold[] }, at: string): BudgetView[] {
  return Object.values(state.budgets).map((b) => ({
    scope: b.scope,
    id: b.id,
    credits: b.credits,
    period: b.period,
    thresholds: b.thresholds,
    spent: spentOf(state, b.scope, b.id, b.period, at),
    held: heldFor(state, b.scope, b.id),
    periodStart: periodStartOf(b.period, at),
  }));
}

/** The budgets that apply to a spend: the member's (a signed-in member's spend) and the project's (a spend that names one). */
function applying(state: BudgetState, owner: HoldOwner): Budget[] {
  const found: Budget[] = [];
  if (owner.userId) {
    const b = state.budgets[budgetKey('member', owner.userId)];
    if (b) found.push(b);
  }
  if (owner.projectId) {
    const b = state.budgets[budgetKey('project', owner.projectId)];
    if (b) found.push(b);
  }
  return found;
}

/** Every budget that applies must have room for `amount` (spent this period + held + amount ≤ credits). */
export function checkBudgets(state: BudgetState & { holds: Hold[] }, owner: HoldOwner, amount: number, at: string): void {
  for (const b of applying(state, owner)) {
    const spent = spentOf(state, b.scope, b.id, b.period, at);
    const held = heldFor(state, b.scope, b.id);
    if (spent + held + amount > b.credits) throw new BudgetExceeded(b.scope, b.id, b.credits, spent, held, amount);
  }
}

function checkThresholds(thresholds: number[]): number[] {
  if (thresholds.length === 0 || thresholds.length > 5 || thresholds.some((t) => !Number.isSafeInteger(t) || t < 1 || t > 100)) {
    throw new ValidationError('thresholds must be 1 to 5 whole percentages from 1 to 100', 'thresholds');
  }
  return [...new Set(thresholds)].sort((a, b) => a - b);
}

export function decideBudget(command: BudgetCommand, state: BudgetState): BudgetEvent[] {
  const { data } = command;
  const existing = state.budgets[budgetKey(data.scope, data.id)];
  if (command.type === 'RemoveBudget') {
    if (!existing) throw new NotFoundError('Budget');
    return [{ type: 'BudgetRemoved', data: { orgId: data.orgId, scope: data.scope, id: data.id, at: data.at } }];
  }
  const { credits, period } = command.data;
  if (!Number.isSafeInteger(credits) || credits < 0 || credits > MAX_BUDGET_CREDITS) {
    throw new ValidationError(`credits must be a whole number from 0 to ${MAX_BUDGET_CREDITS}`, 'credits');
  }
  const thresholds = checkThresholds(command.data.thresholds ?? existing?.thresholds ?? DEFAULT_THRESHOLDS);
  const same = existing && existing.credits === credits && existing.period === period && existing.thresholds.join() === thresholds.join();
  if (same) return [];
  return [{ type: 'BudgetSet', data: { orgId: data.orgId, scope: data.scope, id: data.id, credits, period, thresholds, at: data.at } }];
}

/**
 * The thresholds a decision's spending crossed, for every budget (spent + held against credits;
 * each threshold once per period).
 */
export function crossedThresholds(state: BudgetState & { holds: Hold[] }, orgId: string, at: string): BudgetThresholdCrossed[] {
  const crossed: BudgetThresholdCrossed[] = [];
  for (const b of Object.values(state.budgets)) {
    if (b.credits <= 0) continue;
    const periodStart = periodStartOf(b.period, at);
    const said = b.alerted.periodStart === periodStart ? b.alerted.thresholds : [];
    const spent = spentOf(state, b.scope, b.id, b.period, at);
    const held = heldFor(state, b.scope, b.id);
    for (const threshold of b.thresholds) {
      if (said.includes(threshold) || (spent + held) * 100 < threshold * b.credits) continue;
      const { scope, id, credits, period } = b;
      crossed.push({ type: 'BudgetThresholdCrossed', data: { orgId, scope, id, threshold, credits, spent, held, period, periodStart, at } });
    }
  }
  return crossed;
}

function spend(spending: Record<string, Spending>, key: string, amount: number, at: string): Record<string, Spending> {
  const month = monthOf(at);
  const s = spending[key] ?? { total: 0, month, monthSpent: 0 };
  const monthSpent = s.month === month ? s.monthSpent + amount : amount;
  return { ...spending, [key]: { total: s.total + amount, month, monthSpent } };
}

/** A spend's part of the fold: what it counts for its member and project. */
export function countSpend<S extends BudgetState>(state: S, owner: HoldOwner, amount: number, at: string): S {
  let spending = state.spending;
  if (owner.userId) spending = spend(spending, budgetKey('member', owner.userId), amount, at);
  if (owner.projectId) spending = spend(spending, budgetKey('project', owner.projectId), amount, at);
  return spending === state.spending ? state : { ...state, spending };
}

export function evolveBudget<S extends BudgetState>(state: S, event: BudgetEvent): S {
  switch (event.type) {
    case 'BudgetSet': {
      const { scope, id, credits, period, thresholds } = event.data;
      const key = budgetKey(scope, id);
      const alerted = state.budgets[key]?.alerted ?? { periodStart: '', thresholds: [] };
      return { ...state, budgets: { ...state.budgets, [key]: { scope, id, credits, period, thresholds, alerted } } };
    }
    case 'BudgetRemoved': {
      const { [budgetKey(event.data.scope, event.data.id)]: _gone, ...budgets } = state.budgets;
      return { ...state, budgets };
    }
    case 'BudgetThresholdCrossed': {
      const key = budgetKey(event.data.scope, event.data.id);
      const b = state.budgets[key];
      if (!b) return state;
      const { periodStart, threshold } = event.data;
      const before = b.alerted.periodStart === periodStart ? b.alerted.thresholds : [];
      return { ...state, budgets: { ...state.budgets, [key]: { ...b, alerted: { periodStart, thresholds: [...before, threshold] } } } };
    }
  }
}
