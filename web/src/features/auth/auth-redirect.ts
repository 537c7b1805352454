import { isOpenPath, normalizePath, paths } from '../../paths';
import type { AuthState } from './types';

interface Where {
  pathname: string;
  search: string;
}

const cameBackFromLogin = (params: URLSearchParams) => params.get('logged_in') === 'true';

/** Where the navigation effects of spec section 2 send the browser, or null to stay. */
export function authRedirect(auth: AuthState, { pathname, search }: Where): string | null {
  if (auth.status === 'loading') return null;
  const params = new URLSearchParams(search);

  if (auth.status === 'signedOut') {
    return cameBackFromLogin(params) || params.has('FAILURE') ? paths.inactive.path : null;
  }

  const hasOrganization = auth.user.organization_id !== null && auth.user.organization_id !== undefined;
  const path = normalizePath(pathname);
  if (hasOrganization || path === paths.profile.path) return null;
  return !isOpenPath(path) || cameBackFromLogin(params) ? paths.profile.path : null;
}
