import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

export const billingKeys = { all: ['me-billing'] as const };

export const getBilling = () => apiGet('/api/me/billing');
/** The plans' names, to say which plan a scheduled change moves to. */
export const getPlanNames = () => apiGet('/api/subscriptions/public');

export const billingQueryOptions = () => queryOptions({ queryKey: billingKeys.all, queryFn: getBilling });
export const useBilling = (enabled: boolean) => useQuery({ ...billingQueryOptions(), enabled });
export const usePlanNames = (enabled: boolean) => useQuery({ queryKey: ['plan-names'], queryFn: getPlanNames, enabled });
