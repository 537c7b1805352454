import type { User } from './types';

export const hasAdminAccess = (user: Pick<User, 'permissions'> | null | undefined): boolean =>
  !!user?.permissions?.some((permission) => permission.startsWith('admin'));

export const displayName = (user: Pick<User, 'given_name' | 'name'>): string => user.given_name || user.name;
