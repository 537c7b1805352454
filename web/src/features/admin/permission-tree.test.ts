import { describe, expect, it } from 'vitest';
import { grantedBy, permissionTree } from './permission-tree';

const p = (name: string) => ({ id: name, name, description: `about ${name}` });
const names = (nodes: ReturnType<typeof permissionTree>): unknown =>
  nodes.map((n) => (n.children.length ? { [n.permission.name]: names(n.children) } : n.permission.name));

describe('permissionTree', () => {
  it('nests the catalogue by its dots, in catalogue order', () => {
    const tree = permissionTree(['admin', 'admin.orgs', 'admin.orgs.view', 'admin.orgs.edit', 'admin.users', 'admin.users.view', 'billing'].map(p));
    expect(names(tree)).toEqual([{ admin: [{ 'admin.orgs': ['admin.orgs.view', 'admin.orgs.edit'] }, { 'admin.users': ['admin.users.view'] }] }, 'billing']);
  });

  it('hangs a permission whose parent is missing under the nearest ancestor present', () => {
    expect(names(permissionTree(['admin', 'admin.audit.view'].map(p)))).toEqual([{ admin: ['admin.audit.view'] }]);
    expect(names(permissionTree(['reports.monthly.view'].map(p)))).toEqual(['reports.monthly.view']);
  });
});

describe('grantedBy', () => {
  it('names the held permission or ancestor that grants it', () => {
    expect(grantedBy(['admin.orgs.edit'], 'admin.orgs.edit')).toBe('admin.orgs.edit');
    expect(grantedBy(['admin'], 'admin.orgs.edit')).toBe('admin');
    expect(grantedBy(['admin.orgs.view'], 'admin.orgs.edit')).toBeNull();
    expect(grantedBy(['admin.org'], 'admin.orgs')).toBeNull();
  });
});
