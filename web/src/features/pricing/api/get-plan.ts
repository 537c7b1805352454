import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { planKeys } from './keys';

export const getPlan = (id: string) => apiGet('/api/subscriptions/{id}', { params: { id } });

export const getPlanQueryOptions = (id: string) => queryOptions({ queryKey: planKeys.detail(id), queryFn: () => getPlan(id), retry: false });

export const usePlan = (id: string) => useQuery(getPlanQueryOptions(id));
