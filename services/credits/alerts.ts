import { ValidationError } from '../platform/errors.ts';
import type { Draft } from './decisions.ts';
import { availableOf, type CreditState, type CreditStreamState } from './events.ts';

export type SetAlerts = { type: 'SetAlerts'; data: { orgId: string; lowBalanceCredits: number | null; at: string } };

/** The same threshold again appends nothing. */
export function setAlerts<S extends CreditStreamState>({ data }: SetAlerts, draft: Draft<S>): void {
  const low = data.lowBalanceCredits;
  if (low !== null && (!Number.isSafeInteger(low) || low < 1)) throw new ValidationError('lowBalanceCredits must be a positive whole number or null', 'lowBalanceCredits');
  if (draft.state.alerts.lowBalanceCredits !== low) draft.push({ type: 'AlertsSet', data });
}

/**
 * What a credit command's events say to the organization's systems: available fell below the
 * threshold (when one is set), or reached 0 (always). Read from the state the decision folded to.
 */
export function sayAlerts<S extends CreditStreamState>(draft: Draft<S>, orgId: string, at: string): void {
  const { lowBalanceCredits: low, lowSent, depletedSent } = draft.state.alerts;
  if (draft.events.length === 0) return;
  const available = availableOf(draft.state);
  if (low !== null && available < low && !lowSent) draft.push({ type: 'CreditsLow', data: { orgId, available, threshold: low, at } });
  // Reaching 0 is news only when something was available before (a late period granted and expired at once is not).
  if (available <= 0 && !depletedSent && availableOf(draft.before) > 0) draft.push({ type: 'CreditsDepleted', data: { orgId, available, at } });
}

/** What the banner shows: below the threshold (when one is set), or nothing left (always). */
export function alertsView(state: CreditState) {
  const available = availableOf(state);
  const low = state.alerts.lowBalanceCredits;
  return { lowBalanceCredits: low, available, low: low !== null && available < low, depleted: available <= 0 };
}
