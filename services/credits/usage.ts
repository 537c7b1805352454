import { formatPico, parsePico, PICO } from '../platform/decimal.ts';
import { OrganizationInactive } from './errors.ts';
import { spendable, takeInOrder } from './lots.ts';
import type { CreditsDebited, CreditStreamState } from './events.ts';
import type { PricedUsage, UsageRecorded } from './usage-events.ts';

/**
 * A batch of priced usage, decided in order: each event adds its exact cost to its meter's
 * remainder, and the whole credits the remainders reach are debited (in spending order, once for the
 * batch); what is left under one credit is carried forward. When the whole credits would exceed
 * what is available, that event and the rest of the batch are refused.
 */
export type RecordUsage = {
  type: 'RecordUsage';
  data: { orgId: string; usageId: string; items: PricedUsage[]; userId: string | null; at: string };
};

export interface UsageDecision {
  debit: CreditsDebited | null;
  recorded: UsageRecorded | null;
  /** How many of the items (from the start) were accepted; the rest are refused for want of credits. */
  accepted: number;
}

/** What `RecordUsage` decides against a state whose due lots are already expired (see decideCredits). */
export function decideUsage({ data }: RecordUsage, state: CreditStreamState): UsageDecision {
  if (!state.active) throw new OrganizationInactive();
  const available = BigInt(spendable(state, data.at));
  const remainders = new Map<string, bigint>();
  const carried = state.usageRemainders ?? {};
  const remainderOf = (meter: string) => remainders.get(meter) ?? (carried[meter] ? parsePico(carried[meter]) : 0n);
  let whole = 0n;
  let accepted = 0;
  for (const item of data.items) {
    const total = remainderOf(item.meter) + parsePico(item.credits);
    if (whole + total / PICO > available) break;
    whole += total / PICO;
    remainders.set(item.meter, total % PICO);
    accepted++;
  }
  if (accepted === 0) return { debit: null, recorded: null, accepted };
  const { orgId, usageId, userId, at } = data;
  const items = data.items.slice(0, accepted);
  const debited = Number(whole);
  let debit: CreditsDebited | null = null;
  if (debited > 0) {
    const lots = takeInOrder(state.lots, debited, at)!;
    debit = { type: 'CreditsDebited', data: { orgId, amount: debited, description: `Metered usage: ${items.length} events`, usageId, userId, balanceAfter: 0, at, lots } };
  }
  const after = Object.fromEntries([...remainders].map(([meter, value]) => [meter, formatPico(value)]));
  return { debit, recorded: { type: 'UsageRecorded', data: { orgId, usageId, items, debited, remainders: after, userId, at } }, accepted };
}
