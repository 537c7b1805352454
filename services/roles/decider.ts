import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { evolveRole, initialRoleState, type RoleEvent, type RoleState } from './events.ts';
import { isKnownPermission } from './permissions.ts';

export type CreateRole = { type: 'CreateRole'; data: { roleId: string; name: string; permissions: string[]; at: string } };
export type AddPermission = { type: 'AddPermission'; data: { roleId: string; permission: string; at: string } };
export type RemovePermission = { type: 'RemovePermission'; data: { roleId: string; permission: string; at: string } };
export type RoleCommand = CreateRole | AddPermission | RemovePermission;

function createRole({ data }: CreateRole, state: RoleState): RoleEvent[] {
  if (state.exists) throw new ConflictError('Role already exists');
  const name = data.name.trim();
  if (!name) throw new ValidationError('Role name required', 'name');
  return [
    { type: 'RoleCreated', data: { roleId: data.roleId, name, at: data.at } },
    ...data.permissions.map((permission): RoleEvent => ({ type: 'PermissionAddedToRole', data: { roleId: data.roleId, permission, at: data.at } })),
  ];
}

function addPermission({ data }: AddPermission, state: RoleState): RoleEvent[] {
  if (!state.exists) throw new NotFoundError('Role');
  if (!isKnownPermission(data.permission)) throw new NotFoundError('Permission');
  if (state.permissions.includes(data.permission)) throw new ConflictError('Role already has this permission', { error: 'already_assigned' });
  return [{ type: 'PermissionAddedToRole', data }];
}

function removePermission({ data }: RemovePermission, state: RoleState): RoleEvent[] {
  if (!state.exists) throw new NotFoundError('Role');
  if (!state.permissions.includes(data.permission)) throw new ConflictError('Role does not have this permission', { error: 'not_assigned' });
  return [{ type: 'PermissionRemovedFromRole', data }];
}

export function decideRole(command: RoleCommand, state: RoleState): RoleEvent[] {
  switch (command.type) {
    case 'CreateRole':
      return createRole(command, state);
    case 'AddPermission':
      return addPermission(command, state);
    case 'RemovePermission':
      return removePermission(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const roleDecider: Decider<RoleCommand, RoleEvent, RoleState> = {
  initialState: initialRoleState,
  evolve: evolveRole,
  decide: decideRole,
};
