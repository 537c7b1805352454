import type { User } from './types';

/** Dot-hierarchical, as on the server: holding `admin.users` grants `admin.users.edit`. */
export const holds = (granted: readonly string[] | null | undefined, needed: string): boolean =>
  !!granted?.some((g) => g === needed || needed.startsWith(`${g}.`));

/** Some admin.* permission (or admin itself): the Admin link shows and /admin opens. */
export const hasAdminAccess = (user: Pick<User, 'permissions'> | null | undefined): boolean =>
  !!user?.permissions?.some((permission) => permission === 'admin' || permission.startsWith('admin.'));

export const displayName = (user: Pick<User, 'given_name' | 'name'>): string => user.given_name || user.name;
