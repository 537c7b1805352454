import { describe, expect, it } from 'vitest';
import { authRedirect, safeRedirect } from './redirects';
import type { AuthState, User } from './types';

const user = (organization_id: string | null): AuthState => ({
  status: 'signedIn',
  user: { id: 'u1', name: 'Ada', given_name: 'Ada', email: 'ada@example.com', avatar_url: '/a.svg', is_active: true, organization_id, permissions: [], roles: [] } satisfies User,
});
const signedOut: AuthState = { status: 'signedOut', user: null, reason: 'unauthenticated' };
const inactive: AuthState = { status: 'signedOut', user: null, reason: 'inactive' };
const loading: AuthState = { status: 'loading', user: null };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('safeRedirect', () => {
  it('honours relative paths on this site, with their query', () => {
    expect(safeRedirect('/subscribe/plan-pro')).toBe('/subscribe/plan-pro');
    expect(safeRedirect('/admin/assistantComponents?type=array')).toBe('/admin/assistantComponents?type=array');
  });

  it('refuses other sites, schemes, the API, the login page and non-paths', () => {
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', 'profile', '/api/auth/logout', '/login?redirect=/x', '', null, undefined]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});

describe('authRedirect', () => {
  it('waits while the current user is loading', () => {
    expect(authRedirect(loading, at('/', '?logged_in=true'))).toBeNull();
  });

  it('sends a visitor without a user back from a sign-in to /inactive', () => {
    expect(authRedirect(signedOut, at('/', '?logged_in=true'))).toBe('/inactive');
    expect(authRedirect(signedOut, at('/', '?FAILURE'))).toBe('/inactive');
    expect(authRedirect(signedOut, at('/home', '?FAILURE='))).toBe('/inactive');
  });

  it('sends a signed-in account that is not active to /inactive from member pages, not from public ones', () => {
    expect(authRedirect(inactive, at('/dashboard'))).toBe('/inactive');
    expect(authRedirect(inactive, at('/subscribe/p1'))).toBe('/inactive');
    expect(authRedirect(inactive, at('/about'))).toBeNull();
    expect(authRedirect(inactive, at('/inactive'))).toBeNull();
  });

  it('leaves other visitors where they are (member pages send them to sign in themselves)', () => {
    expect(authRedirect(signedOut, at('/'))).toBeNull();
    expect(authRedirect(signedOut, at('/about', '?logged_in=false'))).toBeNull();
    expect(authRedirect(signedOut, at('/inactive'))).toBeNull();
    expect(authRedirect(signedOut, at('/login', '?redirect=/dashboard'))).toBeNull();
  });

  it('sends a user without an organization to /profile from any page, keeping where they were going', () => {
    expect(authRedirect(user(null), at('/dashboard'))).toBe('/profile?redirect=/dashboard');
    expect(authRedirect(user(null), at('/project/4'))).toBe('/profile?redirect=/project/4');
    expect(authRedirect(user(null), at('/about'))).toBe('/profile?redirect=/about');
    expect(authRedirect(user(null), at('/admin/assistantComponents', '?type=array'))).toBe('/profile?redirect=/admin/assistantComponents%3Ftype%3Darray');
    expect(authRedirect(user(null), at('/'))).toBe('/profile');
    expect(authRedirect(user(null), at('/', '?logged_in=true'))).toBe('/profile');
  });

  it('keeps the intent of a sign-in through organization setup', () => {
    expect(authRedirect(user(null), at('/login', '?redirect=/subscribe/p1'))).toBe('/profile?redirect=/subscribe/p1');
    expect(authRedirect(user(null), at('/', '?logged_in=true'), '/subscribe/p1')).toBe('/profile?redirect=/subscribe/p1');
    expect(authRedirect(user(null), at('/profile', '?redirect=/subscribe/p1'))).toBeNull();
  });

  it('lets a user without an organization stay on /profile, /login, /inactive, /veterans and /contact', () => {
    for (const path of ['/profile', '/profile/', '/login', '/inactive', '/veterans', '/contact']) {
      expect(authRedirect(user(null), at(path))).toBeNull();
    }
  });

  it('returns a signed-in user to the page the sign-in was for, only when it is on this site', () => {
    expect(authRedirect(user('o1'), at('/login', '?redirect=/subscribe/p1'))).toBe('/subscribe/p1');
    expect(authRedirect(user('o1'), at('/', '?logged_in=true'), '/projects')).toBe('/projects');
    expect(authRedirect(user('o1'), at('/login', '?redirect=//evil.example/'))).toBeNull();
    expect(authRedirect(user('o1'), at('/', '?logged_in=true'), 'https://evil.example/')).toBe('/');
  });

  it('lands a sign-in with nowhere asked for on a clean URL: an admin on /admin, a member where they are (issue 23 item 18)', () => {
    const admin: AuthState = { status: 'signedIn', user: { ...(user('o1').user as User), permissions: ['admin.orgs.view'] } };
    expect(authRedirect(admin, at('/', '?logged_in=true'))).toBe('/admin');
    expect(authRedirect(admin, at('/', '?logged_in=true'), '/admin/stripe')).toBe('/admin/stripe');
    expect(authRedirect(user('o1'), at('/', '?logged_in=true'))).toBe('/');
  });

  it('leaves a user with an organization alone otherwise', () => {
    expect(authRedirect(user('o1'), at('/dashboard'))).toBeNull();
    expect(authRedirect(user('o1'), at('/'))).toBeNull();
    expect(authRedirect(user('o1'), at('/login'))).toBeNull();
  });
});
