import type { DomainEvent } from '../eventstore/types.ts';

export type UserRegistered = DomainEvent<
  'UserRegistered',
  { userId: string; email: string; name: string; givenName: string; avatarUrl: string | null; active: boolean; at: string }
>;
export type UserProfileUpdated = DomainEvent<'UserProfileUpdated', { userId: string; name: string; givenName?: string; avatarUrl?: string | null; at: string }>;
export type UserActivated = DomainEvent<'UserActivated', { userId: string; at: string }>;
export type UserDeactivated = DomainEvent<'UserDeactivated', { userId: string; at: string }>;
export type RoleAssignedToUser = DomainEvent<'RoleAssignedToUser', { userId: string; roleId: string; at: string }>;
export type RoleRemovedFromUser = DomainEvent<'RoleRemovedFromUser', { userId: string; roleId: string; at: string }>;
export type UserJoinedOrganization = DomainEvent<'UserJoinedOrganization', { userId: string; orgId: string; at: string }>;
/** Left, or was removed from, their organization: they keep their account and may name a new one. */
export type UserLeftOrganization = DomainEvent<'UserLeftOrganization', { userId: string; orgId: string; at: string }>;

export type UserEvent =
  | UserRegistered
  | UserProfileUpdated
  | UserActivated
  | UserDeactivated
  | RoleAssignedToUser
  | RoleRemovedFromUser
  | UserJoinedOrganization
  | UserLeftOrganization;

export interface UserState {
  exists: boolean;
  email: string;
  name: string;
  givenName: string;
  avatarUrl: string | null;
  active: boolean;
  /** Disabled by an admin (as opposed to new and never enabled). */
  disabled: boolean;
  roles: string[];
  orgId: string | null;
}

export const userStreamId = (userId: string) => `user-${userId}`;

export const initialUserState = (): UserState => ({
  exists: false,
  email: '',
  name: '',
  givenName: '',
  avatarUrl: null,
  active: false,
  disabled: false,
  roles: [],
  orgId: null,
});

export function evolveUser(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { email, name, givenName, avatarUrl, active } = event.data;
      return { ...state, exists: true, email, name, givenName, avatarUrl, active };
    }
    case 'UserProfileUpdated':
      return {
        ...state,
        name: event.data.name,
        givenName: event.data.givenName ?? state.givenName,
        avatarUrl: event.data.avatarUrl === undefined ? state.avatarUrl : event.data.avatarUrl,
      };
    case 'UserActivated':
      return { ...state, active: true, disabled: false };
    case 'UserDeactivated':
      return { ...state, active: false, disabled: true };
    case 'RoleAssignedToUser':
      return { ...state, roles: [...state.roles, event.data.roleId] };
    case 'RoleRemovedFromUser':
      return { ...state, roles: state.roles.filter((r) => r !== event.data.roleId) };
    case 'UserJoinedOrganization':
      return { ...state, orgId: event.data.orgId };
    case 'UserLeftOrganization':
      return state.orgId === event.data.orgId ? { ...state, orgId: null } : state;
  }
}

export type AccountStatus = 'active' | 'pending' | 'disabled';

/** What an account is: active, new and not enabled yet, or disabled by an admin. */
export const accountStatus = (state: Pick<UserState, 'active' | 'disabled'>): AccountStatus => (state.active ? 'active' : state.disabled ? 'disabled' : 'pending');
