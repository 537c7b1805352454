import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Permission } from '../types';
import { adminKeys } from './keys';

export const getPermissions = () => apiFetch<Permission[]>('/api/admin/permissions');

export const getPermissionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.permissions(), queryFn: getPermissions, staleTime: 5 * 60_000, retry: false });

export const usePermissions = () => useQuery(getPermissionsQueryOptions());
