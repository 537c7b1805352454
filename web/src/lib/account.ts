import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from './api-contract';
import { useAuth } from './auth/hooks';

export type MyProfile = ApiAnswer<'/api/me/profile'>;
export type MyOrganization = NonNullable<MyProfile['organization']>;

/** The signed-in user's profile (GET /api/me/profile): one cache for every page that reads it. */
export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'profile'] as const, queryFn: () => apiGet('/api/me/profile'), staleTime: 0 });

/** The signed-in user's organization (null without one, or while signed out or loading). */
export function useMyOrganization(): MyOrganization | null {
  const { status } = useAuth();
  const { data } = useQuery({ ...myProfileQueryOptions(), enabled: status === 'signedIn' });
  return data?.organization ?? null;
}
