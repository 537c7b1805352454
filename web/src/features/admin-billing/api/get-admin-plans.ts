import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { billingAdminKeys } from './keys';

export const getAdminPlans = () => apiGet('/api/admin/subscriptions');

export const getAdminPlansQueryOptions = () =>
  queryOptions({ queryKey: billingAdminKeys.plans(), queryFn: getAdminPlans, staleTime: 0, retry: false });

export const useAdminPlans = (enabled = true) => useQuery({ ...getAdminPlansQueryOptions(), enabled });
