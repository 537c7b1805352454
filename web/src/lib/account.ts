import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from './api-contract';
import { useAuth } from './auth/hooks';

export type MyProfile = ApiAnswer<'/api/me/profile'>;
export type MyOrganization = NonNullable<MyProfile['organization']>;
export type OrgRole = MyOrganization['role'];

/**
 * Whether a role may use what an owner or a billing member may (plans and payments, auto top-up, API keys,
 * webhooks, the alert, budgets, the ledger's export): the pages offer it only then; the server checks every call.
 */
export const managesBilling = (role: OrgRole | null | undefined): boolean => role === 'owner' || role === 'billing';

/** The signed-in user's profile (GET /api/me/profile): one cache for every page that reads it. */
export const myProfileQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'profile'] as const, queryFn: () => apiGet('/api/me/profile'), staleTime: 0 });

/** The signed-in user's organization (null without one, or while signed out or loading). */
export function useMyOrganization(): MyOrganization | null {
  const { status } = useAuth();
  const { data } = useQuery({ ...myProfileQueryOptions(), enabled: status === 'signedIn' });
  return data?.organization ?? null;
}
