import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/api';
import type { AuthState, MeResponse, User } from '../types';
import { authKeys } from './keys';

const isSignedOutAnswer = (body: unknown) =>
  !!body && typeof body === 'object' && (body as { success?: unknown }).success === false;

/**
 * Resolves to the signed-in user or null; never rejects (spec sections 4 and 8).
 * `success: false` (reason 'unauthenticated', or 'inactive') is a normal signed-out answer.
 */
export async function getMe(): Promise<User | null> {
  try {
    const res = await apiFetch<MeResponse>('/api/auth/me');
    if (res.success && res.user) return res.user;
    if (!isSignedOutAnswer(res)) console.warn('Unexpected answer from /api/auth/me', res);
    return null;
  } catch (err) {
    if (!(err instanceof ApiError && isSignedOutAnswer(err.body))) {
      console.warn('Could not load the current user', err);
    }
    return null;
  }
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });

export function useAuth(): AuthState {
  const { data, isPending } = useQuery(getMeQueryOptions());
  if (isPending) return { status: 'loading', user: null };
  return data ? { status: 'signedIn', user: data } : { status: 'signedOut', user: null };
}
