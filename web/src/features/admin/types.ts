import type { ApiAnswer, Item, ListAnswer } from '../../lib/api-contract';

export type AdminOrg = Item<ListAnswer<ApiAnswer<'/api/admin/orgs'>>>;
export type AdminUser = Item<ListAnswer<ApiAnswer<'/api/admin/users'>>>;
export type Permission = Item<ApiAnswer<'/api/admin/permissions'>>;
export type RolesAnswer = ApiAnswer<'/api/admin/roles'>;
export type Role = Item<RolesAnswer['roles']>;
export type RoleRef = AdminUser['roles'][number];
