import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { authRedirectDelayMs } from '../config';
import { useAuth } from '../lib/auth/hooks';
import { authRedirect } from '../lib/auth/redirects';
import { paths } from '../paths';
import { Loading } from './Loading';

/**
 * Guards member pages: 'Loading...' while auth loads, then (history replaced, after ~100 ms) the
 * login page, which brings the visitor back here. An account that is not active goes to /inactive
 * (the layout's redirects). A page the layout is about to leave (a member without an organization goes
 * to /profile first) is not drawn: its queries would ask the API for an organization there is none of.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const toLogin = auth.status === 'signedOut' && auth.reason === 'unauthenticated' ? paths.login.getHref(`${pathname}${search}`) : null;

  useEffect(() => {
    if (!toLogin) return;
    const timer = window.setTimeout(() => navigate(toLogin, { replace: true }), authRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [toLogin, navigate]);

  if (auth.status === 'loading') return <Loading />;
  if (auth.status === 'signedOut') return null;
  if (authRedirect(auth, { pathname, search })) return <Loading />;
  return children ?? <Outlet />;
}
