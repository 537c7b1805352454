import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

export const usageDailyQueryOptions = () => queryOptions({ queryKey: ['me', 'usage-daily'], queryFn: () => apiGet('/api/me/usage-daily') });

export const useUsageDaily = () => useQuery(usageDailyQueryOptions());
