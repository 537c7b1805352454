import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AdminUser } from '../types';
import { adminKeys } from './keys';

export const getUsers = () => apiFetch<AdminUser[]>('/api/admin/users');

export const getUsersQueryOptions = () => queryOptions({ queryKey: adminKeys.users(), queryFn: getUsers, staleTime: 0, retry: false });

export const useUsers = () => useQuery(getUsersQueryOptions());
