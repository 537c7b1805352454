import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer, type Item } from '../../../lib/api-contract';

export type Advisor = Item<ApiAnswer<'/api/advisors'>['data']>;

export const advisorKeys = {
  all: ['advisors'] as const,
  list: () => [...advisorKeys.all, 'list'] as const,
};

export const getAdvisors = () => apiGet('/api/advisors').then((res) => res.data);

export const getAdvisorsQueryOptions = () => queryOptions({ queryKey: advisorKeys.list(), queryFn: getAdvisors });

export const useAdvisors = () => useQuery(getAdvisorsQueryOptions());
