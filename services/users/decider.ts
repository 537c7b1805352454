import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { evolveUser, initialUserState, type UserEvent, type UserState } from './events.ts';

export type RegisterUser = {
  type: 'RegisterUser';
  data: { userId: string; email: string; name: string; givenName: string; avatarUrl: string | null; active: boolean; roleIds: string[]; at: string };
};
export type UpdateUserProfile = { type: 'UpdateUserProfile'; data: { userId: string; name: string; givenName?: string; avatarUrl?: string | null; at: string } };
export type SetUserActive = { type: 'SetUserActive'; data: { userId: string; active: boolean; at: string } };
export type AssignRole = { type: 'AssignRole'; data: { userId: string; roleId: string; at: string } };
export type RemoveRole = { type: 'RemoveRole'; data: { userId: string; roleId: string; at: string } };
export type JoinOrganization = { type: 'JoinOrganization'; data: { userId: string; orgId: string; at: string } };

export type LeaveOrganization = { type: 'LeaveOrganization'; data: { userId: string; orgId: string; at: string } };

export type UserCommand = RegisterUser | UpdateUserProfile | SetUserActive | AssignRole | RemoveRole | JoinOrganization | LeaveOrganization;

function mustExist(state: UserState) {
  if (!state.exists) throw new NotFoundError('User');
}

function register({ data }: RegisterUser, state: UserState): UserEvent[] {
  if (state.exists) throw new ConflictError('User already exists');
  const { roleIds, ...user } = data;
  return [
    { type: 'UserRegistered', data: user },
    ...roleIds.map((roleId): UserEvent => ({ type: 'RoleAssignedToUser', data: { userId: data.userId, roleId, at: data.at } })),
  ];
}

function updateProfile({ data }: UpdateUserProfile, state: UserState): UserEvent[] {
  mustExist(state);
  const same =
    state.name === data.name &&
    (data.givenName === undefined || data.givenName === state.givenName) &&
    (data.avatarUrl === undefined || data.avatarUrl === state.avatarUrl);
  return same ? [] : [{ type: 'UserProfileUpdated', data }];
}

function setActive({ data }: SetUserActive, state: UserState): UserEvent[] {
  mustExist(state);
  if (state.active === data.active) return [];
  const at = { userId: data.userId, at: data.at };
  return [data.active ? { type: 'UserActivated', data: at } : { type: 'UserDeactivated', data: at }];
}

function assignRole({ data }: AssignRole, state: UserState): UserEvent[] {
  mustExist(state);
  if (state.roles.includes(data.roleId)) throw new ConflictError('User already has this role', { error: 'already_assigned' });
  return [{ type: 'RoleAssignedToUser', data }];
}

function removeRole({ data }: RemoveRole, state: UserState): UserEvent[] {
  mustExist(state);
  if (!state.roles.includes(data.roleId)) throw new ConflictError('User does not have this role', { error: 'not_assigned' });
  return [{ type: 'RoleRemovedFromUser', data }];
}

function joinOrganization({ data }: JoinOrganization, state: UserState): UserEvent[] {
  mustExist(state);
  if (state.orgId === data.orgId) return [];
  if (state.orgId) throw new ConflictError('You already belong to an organization: leave it first', { error: 'already_in_organization' });
  return [{ type: 'UserJoinedOrganization', data }];
}

function leaveOrganization({ data }: LeaveOrganization, state: UserState): UserEvent[] {
  mustExist(state);
  return state.orgId === data.orgId ? [{ type: 'UserLeftOrganization', data }] : [];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'UpdateUserProfile':
      return updateProfile(command, state);
    case 'SetUserActive':
      return setActive(command, state);
    case 'AssignRole':
      return assignRole(command, state);
    case 'RemoveRole':
      return removeRole(command, state);
    case 'JoinOrganization':
      return joinOrganization(command, state);
    case 'LeaveOrganization':
      return leaveOrganization(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
