import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { getMeQueryOptions } from './api';
import { rememberSignInIntent, signInIntent } from './intent';
import { authRedirect } from './redirects';
import type { AuthState } from './types';

export function useAuth(): AuthState {
  const { data } = useQuery(getMeQueryOptions());
  if (!data) return { status: 'loading', user: null };
  return data.user ? { status: 'signedIn', user: data.user } : { status: 'signedOut', user: null, reason: data.reason, accountStatus: data.accountStatus };
}

/** Applies the navigation effects of the current user (see redirects.ts) on every page. */
export function useAuthRedirects() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const back = auth.status !== 'loading' && new URLSearchParams(search).get('logged_in') === 'true';
  const target = authRedirect(auth, { pathname, search }, back ? signInIntent() : null);

  useEffect(() => {
    if (back) rememberSignInIntent(null);
    if (target) navigate(target, { replace: true });
  }, [back, target, navigate]);
}
