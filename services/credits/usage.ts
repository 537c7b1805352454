import { parsePico, PICO } from '../platform/decimal.ts';
import { formatCount } from '../platform/text.ts';
import { BudgetExceeded, checkBudgets } from './budgets.ts';
import type { Draft } from './decisions.ts';
import { OrganizationInactive } from './errors.ts';
import { spendable, takeInOrder, type CreditStreamState } from './events.ts';
import { Carry, type PricedUsage, type UsageRefusal } from './usage-events.ts';

/**
 * A batch of priced usage, decided in order: each event adds its exact cost to its meter's
 * remainder, and the whole credits the remainders reach are debited (in spending order, once per
 * project of the batch, so project and member budgets count them); what is left under one credit is
 * carried forward. When the whole credits would exceed what is available, or a budget of the member
 * or of the event's project, that event and the rest of the batch are refused.
 */
export type RecordUsage = {
  type: 'RecordUsage';
  data: { orgId: string; usageId: string; items: PricedUsage[]; userId: string | null; at: string };
};

/** Why the rest of a batch would be refused at this event, or null when it fits. */
function refusal(state: CreditStreamState, userId: string | null, projectId: string | null, byMember: bigint, byProject: bigint, at: string): UsageRefusal | null {
  try {
    if (userId) checkBudgets(state, { userId, projectId: null }, Number(byMember), at);
    if (projectId) checkBudgets(state, { userId: null, projectId }, Number(byProject), at);
    return null;
  } catch (err) {
    if (err instanceof BudgetExceeded) return 'budget_exceeded';
    throw err;
  }
}

/** `RecordUsage` against a draft whose due lots are already expired (see decideCredits). */
export function decideUsage({ data }: RecordUsage, draft: Draft<CreditStreamState>): void {
  const { state } = draft;
  if (!state.active) throw new OrganizationInactive();
  const available = BigInt(spendable(state, data.at));
  const carry = new Carry(state.usageRemainders);
  const perProject = new Map<string | null, bigint>();
  let whole = 0n;
  let accepted = 0;
  let refused: UsageRefusal | null = null;
  for (const item of data.items) {
    const total = carry.of(item.meter) + parsePico(item.credits);
    const adds = total / PICO;
    if (adds > 0n) {
      if (whole + adds > available) refused = 'insufficient_credits';
      else refused = refusal(state, data.userId, item.projectId, whole + adds, (perProject.get(item.projectId) ?? 0n) + adds, data.at);
      if (refused) break;
      perProject.set(item.projectId, (perProject.get(item.projectId) ?? 0n) + adds);
    }
    whole += adds;
    carry.set(item.meter, total % PICO);
    accepted++;
  }
  const { orgId, usageId, userId, at } = data;
  const items = data.items.slice(0, accepted);
  for (const [projectId, amount] of perProject) {
    const lots = takeInOrder(draft.state.lots, Number(amount), at)!;
    const count = items.filter((i) => i.projectId === projectId).length;
    const description = `Metered usage: ${formatCount(count)} event${count === 1 ? '' : 's'}`;
    draft.push({ type: 'CreditsDebited', data: { orgId, amount: Number(amount), description, usageId, userId, ...(projectId ? { projectId } : {}), balanceAfter: 0, at, lots } });
  }
  const rest = data.items.length - accepted;
  draft.push({ type: 'UsageRecorded', data: { orgId, usageId, items, debited: Number(whole), remainders: carry.after(), refused: rest ? { count: rest, reason: refused! } : null, userId, at } });
}
