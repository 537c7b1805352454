import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../api';
import { apiGet } from '../api-contract';
import { authKeys } from './keys';
import type { AccountStatus, SignedOutReason, User } from './types';

export type Me = { user: User; reason: null } | { user: null; reason: SignedOutReason; accountStatus?: AccountStatus };

const signedOut = (reason: SignedOutReason = 'unauthenticated', accountStatus?: AccountStatus): Me => ({ user: null, reason, accountStatus });

/**
 * The signed-in user, or why there is none; never rejects (spec sections 4 and 8): a network
 * error means signed out. `success: false` (reason 'unauthenticated' or 'inactive') is a normal answer.
 */
export async function getMe(): Promise<Me> {
  try {
    const res = await apiGet('/api/auth/me');
    if (res.success) return { user: res.user, reason: null };
    return signedOut(res.reason, (res as { account_status?: AccountStatus }).account_status);
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 401)) console.warn('Could not load the current user', err);
    return signedOut();
  }
}

export const getMeQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me(),
    queryFn: getMe,
    staleTime: 60_000,
    retry: false,
  });
