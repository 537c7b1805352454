import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-contract';
import { formatNumber } from '../lib/format';
import './banner.css';

export const creditAlertsQueryOptions = () => queryOptions({ queryKey: ['me', 'alerts'], queryFn: () => apiGet('/api/me/alerts'), staleTime: 30_000 });

/** Says when the organization's available credits are below its alert threshold, or gone (the credits.low / credits.depleted webhooks' twin). */
export function CreditAlertBanner() {
  const alerts = useQuery(creditAlertsQueryOptions());
  const a = alerts.data;
  if (!a || (!a.low && !a.depleted)) return null;
  return (
    <div className="banner banner--warning" role="alert" data-testid="credit-alert-banner">
      {a.depleted ? (
        <strong>Your organization has no credits available.</strong>
      ) : (
        <strong>
          Only {formatNumber(a.available)} credits are available, below your alert threshold of {formatNumber(a.lowBalanceCredits ?? 0)}.
        </strong>
      )}{' '}
      Spending is refused until credits are added.
    </div>
  );
}
