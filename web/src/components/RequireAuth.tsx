import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { authRedirectDelayMs } from '../config';
import { useAuth } from '../lib/auth/hooks';
import { paths } from '../paths';
import { Loading } from './Loading';

/**
 * Guards member pages: 'Loading...' while auth loads, then (history replaced, after ~100 ms) the
 * login page, which brings the visitor back here. An account that is not active goes to /inactive
 * (the layout's redirects).
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
  return children ?? <Outlet />;
}
