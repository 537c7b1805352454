import { describe, expect, it } from 'vitest';
import { authRedirect } from './auth-redirect';
import type { AuthState, User } from './types';

const user = (organization_id: User['organization_id']): AuthState => ({
  status: 'signedIn',
  user: { id: 1, name: 'Ada', email: 'ada@example.com', is_active: true, organization_id, permissions: [] },
});
const signedOut: AuthState = { status: 'signedOut', user: null };
const loading: AuthState = { status: 'loading', user: null };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('authRedirect', () => {
  it('waits while the current user is loading', () => {
    expect(authRedirect(loading, at('/', '?logged_in=true'))).toBeNull();
  });

  it('sends a visitor without a user back from a sign-in to /inactive', () => {
    expect(authRedirect(signedOut, at('/', '?logged_in=true'))).toBe('/inactive');
    expect(authRedirect(signedOut, at('/', '?FAILURE'))).toBe('/inactive');
    expect(authRedirect(signedOut, at('/home', '?FAILURE='))).toBe('/inactive');
  });

  it('leaves other visitors where they are', () => {
    expect(authRedirect(signedOut, at('/'))).toBeNull();
    expect(authRedirect(signedOut, at('/about', '?logged_in=false'))).toBeNull();
    expect(authRedirect(signedOut, at('/inactive'))).toBeNull();
  });

  it('sends a user without an organization to /profile from member pages and after sign-in', () => {
    expect(authRedirect(user(null), at('/dashboard'))).toBe('/profile');
    expect(authRedirect(user(null), at('/project/4'))).toBe('/profile');
    expect(authRedirect(user(null), at('/', '?logged_in=true'))).toBe('/profile');
  });

  it('lets a user without an organization read public pages and stay on /profile', () => {
    expect(authRedirect(user(null), at('/profile'))).toBeNull();
    expect(authRedirect(user(null), at('/profile/'))).toBeNull();
    expect(authRedirect(user(null), at('/about'))).toBeNull();
    expect(authRedirect(user(null), at('/'))).toBeNull();
  });

  it('leaves a user with an organization alone', () => {
    expect(authRedirect(user(7), at('/dashboard'))).toBeNull();
    expect(authRedirect(user(7), at('/', '?logged_in=true'))).toBeNull();
  });
});
