import { isJoinPath, isOpenPath, normalizePath, paths } from '../../paths';
import { hasAdminAccess } from './permissions';
import type { AuthState } from './types';

interface Where {
  pathname: string;
  search: string;
}

const origin = 'https://same-site.invalid';

/**
 * A `redirect` target we honour: a relative path on this site (never `//host`, a scheme, or the
 * API), returned normalised; anything else is null.
 */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = normalizePath(url.pathname);
  if (path === paths.login.path || path === '/api' || path.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

const cameBackFromLogin = (params: URLSearchParams) => params.get('logged_in') === 'true';

/** Pages a signed-in user without an organization may stay on (everything else sends them to /profile). */
const withoutOrganization: readonly string[] = [paths.profile.path, paths.login.path, paths.inactive.path, paths.veterans.path, paths.contact.path];
const homePaths: readonly string[] = [paths.home.path, paths.homeAlias.path];

/**
 * Where the navigation effects of spec section 2 (and issue 12's intent) send the browser, or null
 * to stay. `intent` is the page a sign-in that left the site (Google) was asked to return to.
 */
export function authRedirect(auth: AuthState, { pathname, search }: Where, intent: string | null = null): string | null {
  if (auth.status === 'loading') return null;
  const params = new URLSearchParams(search);
  const path = normalizePath(pathname);
  const signingIn = cameBackFromLogin(params);

  if (auth.status === 'signedOut') {
    if (path === paths.inactive.path || isJoinPath(path)) return null;
    if (signingIn || params.has('FAILURE')) return paths.inactive.path;
    return auth.reason === 'inactive' && !isOpenPath(path) ? paths.inactive.path : null;
  }

  const wanted = path === paths.login.path ? safeRedirect(params.get('redirect')) : signingIn ? safeRedirect(intent) : null;
  const hasOrganization = auth.user.organization_id !== null && auth.user.organization_id !== undefined;
  // Back from a sign-in with nowhere asked for: an admin to /admin, anyone else to the page without the marker (a clean URL).
  if (hasOrganization) return wanted ?? (signingIn ? (hasAdminAccess(auth.user) ? paths.admin.root.getHref() : pathname) : null);

  if ((withoutOrganization.includes(path) || isJoinPath(path)) && !wanted) return null;
  const next = wanted ?? (homePaths.includes(path) ? null : `${pathname}${search}`);
  return next && normalizePath(next.split(/[?#]/)[0]) !== paths.profile.path ? paths.profile.getHref(next) : paths.profile.path;
}
