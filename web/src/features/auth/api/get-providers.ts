import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { authKeys } from './keys';

export interface AuthProviders {
  dev?: boolean;
  google?: boolean;
}

export const getProviders = () => apiFetch<AuthProviders>('/api/auth/providers');

export const getProvidersQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.providers(),
    queryFn: getProviders,
    staleTime: Infinity,
    retry: false,
  });

export const useProviders = () => useQuery(getProvidersQueryOptions());
