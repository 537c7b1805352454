import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Plan } from '../types';
import { planKeys } from './keys';

export const getPublicPlans = () => apiFetch<Plan[]>('/api/subscriptions/public');

export const getPublicPlansQueryOptions = () => queryOptions({ queryKey: planKeys.public(), queryFn: getPublicPlans, retry: false });

export const usePublicPlans = () => useQuery(getPublicPlansQueryOptions());
