import { describe, expect, it } from 'vitest';
import { hasAdminAccess, holds } from './permissions';

describe('holds', () => {
  it('grants a permission to its holder and to holders of an ancestor', () => {
    expect(holds(['admin.users.edit'], 'admin.users.edit')).toBe(true);
    expect(holds(['admin.users'], 'admin.users.edit')).toBe(true);
    expect(holds(['admin'], 'admin.orgs.view')).toBe(true);
  });

  it('does not grant siblings, parents or mere prefixes', () => {
    expect(holds(['admin.users.view'], 'admin.users.edit')).toBe(false);
    expect(holds(['admin.users.edit'], 'admin.users')).toBe(false);
    expect(holds(['admin.user'], 'admin.users.edit')).toBe(false);
    expect(holds(undefined, 'admin')).toBe(false);
  });
});

describe('hasAdminAccess', () => {
  it('is true for admin or any admin.* permission only', () => {
    expect(hasAdminAccess({ permissions: ['admin'] })).toBe(true);
    expect(hasAdminAccess({ permissions: ['admin.permissions.view'] })).toBe(true);
    expect(hasAdminAccess({ permissions: ['administrator'] })).toBe(false);
    expect(hasAdminAccess({ permissions: [] })).toBe(false);
    expect(hasAdminAccess(null)).toBe(false);
  });
});
