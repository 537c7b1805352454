import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-contract';
import { formatNumber } from '../lib/format';
import { BuyCredits } from './BuyCredits';
import './banner.css';

/** Answered from the stream: never kept (a grant or a debit changes it), so every page shows the balance of now. */
export const creditAlertsQueryOptions = () => queryOptions({ queryKey: ['me', 'alerts'], queryFn: () => apiGet('/api/me/alerts'), staleTime: 0 });

/**
 * Says when the organization's available credits are gone (spending is refused) or below its alert
 * threshold (spending still works), the credits.depleted / credits.low webhooks' twin, with where to buy more.
 */
export function CreditAlertBanner() {
  const alerts = useQuery(creditAlertsQueryOptions());
  const a = alerts.data;
  if (!a || (!a.low && !a.depleted)) return null;
  return (
    <div className="banner banner--warning" role="alert" data-testid="credit-alert-banner">
      {a.depleted ? (
        <>
          <strong>Your organization has no credits available.</strong> Spending is refused until credits are added.
        </>
      ) : (
        <strong>
          Only {formatNumber(a.available)} credits are available, below your alert threshold of {formatNumber(a.lowBalanceCredits ?? 0)}.
        </strong>
      )}{' '}
      <BuyCredits />
    </div>
  );
}
