/**
 * The page a sign-in that leaves the site (Google) should come back to: remembered in this tab
 * before leaving, read once on the way back (`/?logged_in=true`). Only the login page writes it.
 */
const key = 'signInRedirect';

export function rememberSignInIntent(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(key, path);
    else sessionStorage.removeItem(key);
  } catch {
    // Storage can be unavailable (private mode): the sign-in then lands on the home page.
  }
}

export function signInIntent(): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
