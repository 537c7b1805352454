import type { DomainEvent } from '../eventstore/types.ts';

export type RoleCreated = DomainEvent<'RoleCreated', { roleId: string; name: string; at: string }>;
export type PermissionAddedToRole = DomainEvent<'PermissionAddedToRole', { roleId: string; permission: string; at: string }>;
export type PermissionRemovedFromRole = DomainEvent<'PermissionRemovedFromRole', { roleId: string; permission: string; at: string }>;
export type RoleEvent = RoleCreated | PermissionAddedToRole | PermissionRemovedFromRole;

export interface RoleState {
  exists: boolean;
  name: string;
  permissions: string[];
}

export const roleStreamId = (roleId: string) => `role-${roleId}`;

export const initialRoleState = (): RoleState => ({ exists: false, name: '', permissions: [] });

export function evolveRole(state: RoleState, event: RoleEvent): RoleState {
  switch (event.type) {
    case 'RoleCreated':
      return { exists: true, name: event.data.name, permissions: [] };
    case 'PermissionAddedToRole':
      return { ...state, permissions: [...state.permissions, event.data.permission] };
    case 'PermissionRemovedFromRole':
      return { ...state, permissions: state.permissions.filter((p) => p !== event.data.permission) };
  }
}
