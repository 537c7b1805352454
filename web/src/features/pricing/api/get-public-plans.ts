import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { planKeys } from './keys';

export const getPublicPlans = () => apiGet('/api/subscriptions/public');

export const getPublicPlansQueryOptions = () => queryOptions({ queryKey: planKeys.public(), queryFn: getPublicPlans, retry: false });

export const usePublicPlans = () => useQuery(getPublicPlansQueryOptions());
