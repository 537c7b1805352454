import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export const getPermissions = () => apiGet('/api/admin/permissions');

export const getPermissionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.permissions(), queryFn: getPermissions, staleTime: 5 * 60_000, retry: false });

export const usePermissions = () => useQuery(getPermissionsQueryOptions());
