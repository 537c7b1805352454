import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Plan } from '../types';
import { planKeys } from './keys';

export const getPlan = (id: string) => apiFetch<Plan>(`/api/subscriptions/${encodeURIComponent(id)}`);

export const getPlanQueryOptions = (id: string) => queryOptions({ queryKey: planKeys.detail(id), queryFn: () => getPlan(id), retry: false });

export const usePlan = (id: string) => useQuery(getPlanQueryOptions(id));
