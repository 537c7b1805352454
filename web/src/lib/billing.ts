import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiGet, apiPost, type ApiAnswer } from './api-contract';

export type Billing = ApiAnswer<'/api/me/billing'>;
export type BillingSubscription = Billing['subscriptions'][number];

export const billingKeys = { all: ['me-billing'] as const };

export const getBilling = () => apiGet('/api/me/billing');

/** Stripe's statuses of a live subscription. */
const LIVE = ['active', 'trialing', 'past_due'];

/** The organization's live subscription (null without one). */
export const liveSubscription = (billing: Billing | undefined): BillingSubscription | null =>
  billing?.subscriptions.find((s) => LIVE.includes(s.status)) ?? null;

/** A plan change asked of Stripe and not confirmed by its event yet. */
const changing = (billing: Billing | undefined) => billing?.subscriptions.some((s) => s.requestedPlanId) ?? false;

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

/**
 * Calls off a scheduled downgrade: picking the plan in force again (the server answers once the
 * change is applied), then everything the page shows is read again.
 */
export function useKeepPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (planId: string) => apiPost('/api/stripe/create-checkout-session', { body: { subscriptionId: planId } }),
    onSuccess: () => client.invalidateQueries(),
  });
}
