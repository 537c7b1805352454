import { describe, expect, it } from 'vitest';
import { holds, isKnownPermission, PERMISSIONS } from './permissions.ts';

describe('permissions', () => {
  it('grants a permission to its holder and to holders of any ancestor', () => {
    expect(holds(['admin.users.edit'], 'admin.users.edit')).toBe(true);
    expect(holds(['admin.users'], 'admin.users.edit')).toBe(true);
    expect(holds(['admin'], 'admin.orgs.view')).toBe(true);
  });

  it('does not grant siblings, parents or names that merely share a prefix', () => {
    expect(holds(['admin.users.view'], 'admin.users.edit')).toBe(false);
    expect(holds(['admin.users.edit'], 'admin.users')).toBe(false);
    expect(holds(['admin.user'], 'admin.users.edit')).toBe(false);
    expect(holds([], 'admin')).toBe(false);
  });

  it('has a catalogue of unique names whose parents are in it too', () => {
    const names = PERMISSIONS.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      const parent = name.split('.').slice(0, -1).join('.');
      if (parent) expect(isKnownPermission(parent)).toBe(true);
    }
  });
});
