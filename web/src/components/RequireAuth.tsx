import { useEffect, type ReactNode } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { authRedirectDelayMs } from '../config';
import { useAuth } from '../features/auth/api/get-me';
import { paths } from '../paths';
import { Loading } from './Loading';

/** Guards member pages: 'Loading...' while auth loads, then home (history replaced) without a user. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useAuth();
  const navigate = useNavigate();

  useEffect(() => {
    if (status !== 'signedOut') return;
    const timer = window.setTimeout(() => navigate(paths.home.path, { replace: true }), authRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [status, navigate]);

  if (status === 'loading') return <Loading />;
  if (status === 'signedOut') return null;
  return children ?? <Outlet />;
}
