import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet } from '../lib/api-contract';
import { useAuth } from '../lib/auth/hooks';
import { formatNumber } from '../lib/format';
import './banner.css';

/** The organization's budgets (any member reads them): the /org page and the banner share this answer. */
export const budgetsQueryOptions = () => queryOptions({ queryKey: ['me', 'org', 'budgets'], queryFn: () => apiGet('/api/me/org/budgets'), staleTime: 0 });

const seenKey = (periodStart: string, threshold: number) => `budget-banner:${periodStart}:${threshold}`;
const wasSeen = (key: string) => {
  try {
    return window.localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};

/**
 * The budget.threshold webhook's twin for the member: "Your monthly budget: 80% used (24 of 30
 * credits)" once the member's own budget crosses one of its thresholds, shown once per crossing
 * and period (dismissing it keeps it away until the next threshold or period).
 */
export function BudgetBanner() {
  const { user } = useAuth();
  const budgets = useQuery({ ...budgetsQueryOptions(), enabled: Boolean(user?.organization_id), retry: false });
  const [, setDismissed] = useState(0);
  const mine = budgets.data?.data.find((b) => b.scope === 'member' && b.id === user?.id);
  if (!mine || mine.credits <= 0) return null;
  const used = mine.spent + mine.held;
  const crossed = mine.thresholds.filter((t) => used * 100 >= t * mine.credits);
  if (crossed.length === 0) return null;
  const key = seenKey(mine.periodStart, Math.max(...crossed));
  if (wasSeen(key)) return null;
  const percent = Math.floor((used * 100) / mine.credits);
  const which = mine.period === 'month' ? 'monthly budget' : 'budget';
  const dismiss = () => {
    try {
      window.localStorage.setItem(key, '1');
    } catch {
      /* private mode: the banner comes back on the next page */
    }
    setDismissed((n) => n + 1);
  };
  return (
    <div className="banner banner--warning" role="alert" data-testid="budget-banner">
      <strong>
        Your {which}: {percent}% used ({formatNumber(used)} of {formatNumber(mine.credits)} credits).
      </strong>{' '}
      {used >= mine.credits ? 'Further spending is refused until the budget is raised' : 'Spending past it will be refused'}
      {mine.period === 'month' ? ' or the month ends.' : '.'}{' '}
      <button type="button" className="button button--small button--secondary" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
