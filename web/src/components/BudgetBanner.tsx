import { queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiGet } from '../lib/api-contract';
import { useAuth } from '../lib/auth/hooks';
import { budgetAlert } from './budget-alert';
import './banner.css';

/** The organization's budgets (any member reads them): the /org page and the banner share this answer. */
export const budgetsQueryOptions = () => queryOptions({ queryKey: ['me', 'org', 'budgets'], queryFn: () => apiGet('/api/me/org/budgets'), staleTime: 0 });

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
  const alert = budgetAlert(budgets.data?.data ?? [], user?.id);
  if (!alert || wasSeen(alert.key)) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(alert.key, '1');
    } catch {
      /* private mode: the banner comes back on the next page */
    }
    setDismissed((n) => n + 1);
  };
  return (
    <div className="banner banner--warning" role="alert" data-testid="budget-banner">
      <strong>{alert.text}</strong> {alert.used >= alert.credits ? 'Further spending is refused until the budget is raised.' : 'Spending past it will be refused.'}{' '}
      <button type="button" className="button button--small button--secondary" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
