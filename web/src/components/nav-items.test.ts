import { describe, expect, it } from 'vitest';
import { navDensity, navItems } from './nav-items';

const labels = (...args: Parameters<typeof navItems>) => navItems(...args).map((item) => item.label);
const base = { signedIn: false, isAdmin: false, activeProject: null };

describe('navItems', () => {
  it('shows the marketing links to a visitor on public paths', () => {
    for (const pathname of ['/', '/home', '/about', '/features', '/pricing', '/contact']) {
      expect(labels({ ...base, pathname })).toEqual(['About', 'Features', 'Pricing', 'Contact']);
    }
  });

  it('shows no text links to a visitor elsewhere', () => {
    expect(labels({ ...base, pathname: '/inactive' })).toEqual([]);
  });

  it('adds Dashboard, and Admin for admins, on public paths for a signed-in user', () => {
    expect(labels({ ...base, pathname: '/about', signedIn: true })).toEqual([
      'About', 'Features', 'Pricing', 'Contact', 'Dashboard',
    ]);
    expect(labels({ ...base, pathname: '/about', signedIn: true, isAdmin: true })).toContain('Admin');
  });

  it('shows member links and the active project on other paths', () => {
    const items = navItems({ ...base, pathname: '/dashboard', signedIn: true, activeProject: { id: '9', name: 'Launch' } });
    expect(items.map((i) => i.label)).toEqual(['Projects', 'Advisors', 'Support', 'Launch', 'Dashboard']);
    expect(items[3]).toEqual({ to: '/project/9', label: 'Launch', activeProject: true });
  });

  it('leaves out the project link when none is active', () => {
    expect(labels({ ...base, pathname: '/projects', signedIn: true })).toEqual([
      'Projects', 'Advisors', 'Support', 'Dashboard',
    ]);
  });

  it('links the organization and its usage for a member of one', () => {
    expect(labels({ ...base, pathname: '/projects', signedIn: true, inOrg: true })).toEqual([
      'Projects', 'Advisors', 'Support', 'Organization', 'Usage', 'Dashboard',
    ]);
  });
});

describe('navDensity', () => {
  const inOrg = { ...base, pathname: '/projects', signedIn: true, inOrg: true };
  it("leaves a visitor's bar roomy, closes a signed-in user's up, and crowds an admin's with an active project", () => {
    expect(navDensity(navItems({ ...base, pathname: '/pricing' }), false)).toBe('roomy');
    expect(navDensity(navItems({ ...base, pathname: '/pricing', signedIn: true, isAdmin: true }), true)).toBe('full');
    expect(navDensity(navItems({ ...inOrg, activeProject: { id: '9', name: 'Launch' } }), true)).toBe('full');
    expect(navDensity(navItems({ ...inOrg, isAdmin: true }), true)).toBe('full');
    expect(navDensity(navItems({ ...inOrg, isAdmin: true, activeProject: { id: '9', name: 'Launch' } }), true)).toBe('crowded');
  });
});
