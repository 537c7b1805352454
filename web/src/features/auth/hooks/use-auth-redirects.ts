import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../api/get-me';
import { authRedirect } from '../auth-redirect';

export function useAuthRedirects() {
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const target = authRedirect(auth, { pathname, search });

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);
}
