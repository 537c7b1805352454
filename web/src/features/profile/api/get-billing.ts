import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

export { billingKeys, useBilling } from '../../../lib/billing';

/** The plans' names, to say which plan a scheduled change moves to. */
export const getPlanNames = () => apiGet('/api/subscriptions/public');
export const usePlanNames = (enabled: boolean) => useQuery({ queryKey: ['plan-names'], queryFn: getPlanNames, enabled });
