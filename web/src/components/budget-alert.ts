import { formatNumber } from '../lib/format';

/** A budget as GET /api/me/org/budgets answers it. */
export interface BudgetFigures {
  scope: string;
  id: string;
  credits: number;
  period: string;
  thresholds: number[];
  spent: number;
  held: number;
  periodStart: string;
}

/** How a sentence names a budget of this period. */
const budgetWord = (period: string) => (period === 'month' ? 'monthly budget' : 'budget');

export interface BudgetAlert {
  /** The highest threshold crossed (the banner is dismissed per threshold and period). */
  threshold: number;
  percent: number;
  used: number;
  credits: number;
  /** Dismissing remembers this key: the banner comes back at the next threshold or period. */
  key: string;
  text: string;
}

/**
 * What the member's banner says about their own budget, or null: spent + held against its credits,
 * as the budget.threshold webhook counts it, once at least one threshold is crossed.
 */
export function budgetAlert(budgets: readonly BudgetFigures[], userId: string | undefined): BudgetAlert | null {
  const mine = budgets.find((b) => b.scope === 'member' && b.id === userId);
  if (!mine || mine.credits <= 0) return null;
  const used = mine.spent + mine.held;
  const crossed = mine.thresholds.filter((t) => used * 100 >= t * mine.credits);
  if (crossed.length === 0) return null;
  const threshold = Math.max(...crossed);
  const percent = Math.floor((used * 100) / mine.credits);
  return {
    threshold,
    percent,
    used,
    credits: mine.credits,
    key: `budget-banner:${mine.periodStart}:${threshold}`,
    text: `Your ${budgetWord(mine.period)}: ${percent}% used (${formatNumber(used)} of ${formatNumber(mine.credits)} credits).`,
  };
}

export interface BudgetRoom {
  /** Credits the budget still has: its credits less what was spent this period and what is held. */
  left: number;
  /** The budget as a sentence names it: 'Your monthly budget', "This project's budget". */
  name: string;
}

/**
 * The tightest budget that applies to a spend by this member on this project (the member's own and
 * the project's, as the server judges a spend), or null when none does.
 */
export function budgetRoom(budgets: readonly BudgetFigures[], userId: string | undefined, projectId: string): BudgetRoom | null {
  let tightest: BudgetRoom | null = null;
  for (const b of budgets) {
    const mine = b.scope === 'member' && b.id === userId;
    if (!mine && !(b.scope === 'project' && b.id === projectId)) continue;
    const left = Math.max(0, b.credits - b.spent - b.held);
    if (tightest && tightest.left <= left) continue;
    tightest = { left, name: `${mine ? 'Your' : "This project's"} ${budgetWord(b.period)}` };
  }
  return tightest;
}
