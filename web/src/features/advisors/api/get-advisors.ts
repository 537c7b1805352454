import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export interface Advisor {
  id: string;
  name: string;
  description: string;
  tags: { id: string; name: string }[];
}

export const advisorKeys = {
  all: ['advisors'] as const,
  list: () => [...advisorKeys.all, 'list'] as const,
};

export const getAdvisors = () => apiFetch<{ data: Advisor[] }>('/api/advisors').then((res) => res.data);

export const getAdvisorsQueryOptions = () => queryOptions({ queryKey: advisorKeys.list(), queryFn: getAdvisors });

export const useAdvisors = () => useQuery(getAdvisorsQueryOptions());
