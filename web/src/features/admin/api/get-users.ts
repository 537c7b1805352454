import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import type { AdminUser } from '../types';
import { adminKeys } from './keys';

/** Without a paging query the server answers every user; the table pages them here. */
export const getUsers = () => apiGet('/api/admin/users') as Promise<AdminUser[]>;

export const getUsersQueryOptions = () => queryOptions({ queryKey: adminKeys.users(), queryFn: getUsers, staleTime: 0, retry: false });

export const useUsers = () => useQuery(getUsersQueryOptions());
