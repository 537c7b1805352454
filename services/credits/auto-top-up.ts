import type { DomainEvent } from '../eventstore/types.ts';

/** The organization's settings, as a member PUTs them (services/billing/auto-top-up). */
export interface AutoTopUpSettings {
  enabled: boolean;
  thresholdCredits: number;
  planId: string | null;
  maxPerMonth: number;
}
export type AutoTopUpConfigured = DomainEvent<'AutoTopUpConfigured', { orgId: string; settings: AutoTopUpSettings; by: string; at: string }>;

/**
 * Auto top-up on the organization's stream: one attempt per crossing of the threshold (a debit's
 * usage id names it), at most `maxPerMonth` per calendar month (UTC), its outcome recorded once;
 * three failures in a row turn it off.
 */
/** A debit took the balance below the threshold: recorded in that debit's own append, so a sweep finds every crossing without an attempt. */
export type AutoTopUpCrossed = DomainEvent<'AutoTopUpCrossed', { orgId: string; crossing: string; at: string }>;
/** A recorded crossing that gets no charge (turned off since, or the monthly cap reached). */
export type AutoTopUpSkipped = DomainEvent<'AutoTopUpSkipped', { orgId: string; crossing: string; reason: string; at: string }>;
export type AutoTopUpAttempted = DomainEvent<'AutoTopUpAttempted', { orgId: string; crossing: string; planId: string; month: string; at: string }>;
export type AutoTopUpSucceeded = DomainEvent<'AutoTopUpSucceeded', { orgId: string; crossing: string; paymentIntentId: string; at: string }>;
export type AutoTopUpFailed = DomainEvent<'AutoTopUpFailed', { orgId: string; crossing: string; reason: string; at: string }>;
export type AutoTopUpDisabled = DomainEvent<'AutoTopUpDisabled', { orgId: string; reason: string; at: string }>;
export type AutoTopUpEvent = AutoTopUpCrossed | AutoTopUpSkipped | AutoTopUpAttempted | AutoTopUpSucceeded | AutoTopUpFailed | AutoTopUpDisabled;

export const MAX_FAILURES_IN_ROW = 3;

export interface TopUpState {
  /** Crossings recorded and not yet attempted nor skipped. */
  crossed: string[];
  attempts: { crossing: string; month: string; planId: string }[];
  /** Crossings whose outcome is recorded. */
  settled: string[];
  failuresInRow: number;
  lastFailure: { reason: string; at: string } | null;
  /** Why it was turned off by itself (null once the member sets it again). */
  disabledReason: string | null;
}

export const initialTopUpState = (): TopUpState => ({ crossed: [], attempts: [], settled: [], failuresInRow: 0, lastFailure: null, disabledReason: null });

export const monthOf = (at: string) => at.slice(0, 7);

const without = (list: string[] | undefined, crossing: string) => (list ?? []).filter((c) => c !== crossing);

export function evolveTopUp(state: TopUpState, event: AutoTopUpEvent): TopUpState {
  switch (event.type) {
    case 'AutoTopUpCrossed':
      return { ...state, crossed: [...without(state.crossed, event.data.crossing), event.data.crossing] };
    case 'AutoTopUpSkipped':
      return { ...state, crossed: without(state.crossed, event.data.crossing) };
    case 'AutoTopUpAttempted':
      return {
        ...state,
        crossed: without(state.crossed, event.data.crossing),
        attempts: [...state.attempts, { crossing: event.data.crossing, month: event.data.month, planId: event.data.planId }],
      };
    case 'AutoTopUpSucceeded':
      return { ...state, settled: [...state.settled, event.data.crossing], failuresInRow: 0 };
    case 'AutoTopUpFailed':
      return {
        ...state,
        settled: [...state.settled, event.data.crossing],
        failuresInRow: state.failuresInRow + 1,
        lastFailure: { reason: event.data.reason, at: event.data.at },
      };
    case 'AutoTopUpDisabled':
      return { ...state, disabledReason: event.data.reason, failuresInRow: 0 };
  }
}

export type StartAutoTopUp = { type: 'StartAutoTopUp'; data: { orgId: string; crossing: string; at: string } };
export type RecordAutoTopUp = {
  type: 'RecordAutoTopUp';
  data: { orgId: string; crossing: string; at: string } & ({ ok: true; paymentIntentId: string } | { ok: false; reason: string });
};
/** The member's settings (checked against the plans by services/billing/auto-top-up before). */
export type ConfigureAutoTopUp = { type: 'ConfigureAutoTopUp'; data: AutoTopUpConfigured['data'] };
export type AutoTopUpCommand = ConfigureAutoTopUp | StartAutoTopUp | RecordAutoTopUp;

/** The same settings again append nothing. */
export function decideConfigure({ data }: ConfigureAutoTopUp, settings: AutoTopUpSettings | null): AutoTopUpConfigured[] {
  const now = data.settings;
  const same =
    settings && settings.enabled === now.enabled && settings.thresholdCredits === now.thresholdCredits && settings.planId === now.planId && settings.maxPerMonth === now.maxPerMonth;
  return same ? [] : [{ type: 'AutoTopUpConfigured', data }];
}

/**
 * An attempt already made for this crossing decides nothing (its charge is retried under the same
 * key). A recorded crossing that gets no attempt is skipped, so the sweep does not ask again.
 */
export function decideStart({ data }: StartAutoTopUp, settings: AutoTopUpSettings | null, state: TopUpState): AutoTopUpEvent[] {
  if (state.attempts.some((a) => a.crossing === data.crossing)) return [];
  const skip = (reason: string): AutoTopUpEvent[] =>
    (state.crossed ?? []).includes(data.crossing) ? [{ type: 'AutoTopUpSkipped', data: { orgId: data.orgId, crossing: data.crossing, reason, at: data.at } }] : [];
  if (!settings?.enabled || !settings.planId) return skip('auto top-up is off');
  const month = monthOf(data.at);
  if (state.attempts.filter((a) => a.month === month).length >= settings.maxPerMonth) return skip('the monthly cap is reached');
  return [{ type: 'AutoTopUpAttempted', data: { orgId: data.orgId, crossing: data.crossing, planId: settings.planId, month, at: data.at } }];
}

export function decideRecord({ data }: RecordAutoTopUp, state: TopUpState): AutoTopUpEvent[] {
  if (!state.attempts.some((a) => a.crossing === data.crossing) || state.settled.includes(data.crossing)) return [];
  const { orgId, crossing, at } = data;
  if (data.ok) return [{ type: 'AutoTopUpSucceeded', data: { orgId, crossing, paymentIntentId: data.paymentIntentId, at } }];
  const failed: AutoTopUpEvent = { type: 'AutoTopUpFailed', data: { orgId, crossing, reason: data.reason, at } };
  if (state.failuresInRow + 1 < MAX_FAILURES_IN_ROW) return [failed];
  const reason = `Auto top-up was turned off after ${MAX_FAILURES_IN_ROW} failed charges in a row (last: ${data.reason})`;
  return [failed, { type: 'AutoTopUpDisabled', data: { orgId, reason, at } }];
}

/** The crossing a ledger decision's events made, to record with them (none when it is recorded or attempted already). */
export function crossingToRecord(events: readonly { type: string; data: unknown }[], settings: AutoTopUpSettings | null, state: TopUpState): string | null {
  const crossing = crossingOf(events, settings);
  if (!crossing || (state.crossed ?? []).includes(crossing) || state.attempts.some((a) => a.crossing === crossing)) return null;
  return crossing;
}

/** The debit that took the balance from at or above the threshold to below it: its usage id names the crossing. */
export function crossingOf(events: readonly { type: string; data: unknown }[], settings: AutoTopUpSettings | null): string | null {
  if (!settings?.enabled) return null;
  for (const e of events) {
    if (e.type !== 'CreditsDebited') continue;
    const d = e.data as { orgId: string; usageId: string; amount: number; balanceAfter: number };
    if (d.balanceAfter < settings.thresholdCredits && d.balanceAfter + d.amount >= settings.thresholdCredits) return `${d.orgId}-${d.usageId}`;
  }
  return null;
}
