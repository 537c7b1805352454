import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, type ApiAnswer } from '../../../lib/api-contract';

export const billingKeys = { all: ['me-billing'] as const };

export const getBilling = () => apiGet('/api/me/billing');
/** The plans' names, to say which plan a scheduled change moves to. */
export const getPlanNames = () => apiGet('/api/subscriptions/public');

/** A plan change asked of Stripe and not confirmed by its event yet. */
const changing = (billing: ApiAnswer<'/api/me/billing'> | undefined) => billing?.subscriptions.some((s) => s.requestedPlanId) ?? false;

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.all, queryFn: getBilling, staleTime: 0 });

/**
 * The organization's billing, read again every second while a plan change waits for Stripe's word;
 * once it came, everything the page shows is read again (the plan, the balance, the grant).
 */
export function useBilling(enabled: boolean) {
  const client = useQueryClient();
  const billing = useQuery({ ...billingQueryOptions(), enabled, refetchInterval: (query) => (changing(query.state.data) ? 1000 : false) });
  const wasChanging = useRef(false);
  useEffect(() => {
    const now = changing(billing.data);
    if (wasChanging.current && !now) void client.invalidateQueries();
    wasChanging.current = now;
  }, [billing.data, client]);
  return billing;
}
export const usePlanNames = (enabled: boolean) => useQuery({ queryKey: ['plan-names'], queryFn: getPlanNames, enabled });
