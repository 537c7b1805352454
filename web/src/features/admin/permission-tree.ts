import type { Permission } from './types';

export interface PermissionNode {
  permission: Permission;
  children: PermissionNode[];
}

const parentName = (name: string) => name.split('.').slice(0, -1).join('.');

/** The catalogue as a tree by its dots (admin > admin.orgs > admin.orgs.edit), in catalogue order. */
export function permissionTree(catalogue: readonly Permission[]): PermissionNode[] {
  const nodes = new Map(catalogue.map((permission) => [permission.name, { permission, children: [] as PermissionNode[] }]));
  const roots: PermissionNode[] = [];
  for (const node of nodes.values()) {
    let parent = parentName(node.permission.name);
    while (parent && !nodes.has(parent)) parent = parentName(parent);
    (parent ? nodes.get(parent)!.children : roots).push(node);
  }
  return roots;
}

/** The nearest ancestor (or the permission itself) that the role holds, if any. */
export function grantedBy(held: readonly string[], name: string): string | null {
  for (let at = name; at; at = parentName(at)) if (held.includes(at)) return at;
  return null;
}
