import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

export const getProviders = () => apiGet('/api/auth/providers');

export const getProvidersQueryOptions = () =>
  queryOptions({
    queryKey: ['login', 'providers'] as const,
    queryFn: getProviders,
    staleTime: Infinity,
    retry: false,
  });

export const useProviders = () => useQuery(getProvidersQueryOptions());
