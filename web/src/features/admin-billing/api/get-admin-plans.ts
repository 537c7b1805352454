import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AdminPlan } from '../types';
import { billingAdminKeys } from './keys';

export const getAdminPlans = () => apiFetch<AdminPlan[]>('/api/admin/subscriptions');

export const getAdminPlansQueryOptions = () =>
  queryOptions({ queryKey: billingAdminKeys.plans(), queryFn: getAdminPlans, staleTime: 0, retry: false });

export const useAdminPlans = () => useQuery(getAdminPlansQueryOptions());
