import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export const getRoles = () => apiGet('/api/admin/roles');

export const getRolesQueryOptions = () => queryOptions({ queryKey: adminKeys.roles(), queryFn: getRoles, staleTime: 0, retry: false });

export const useRoles = (options: { enabled?: boolean } = {}) => useQuery({ ...getRolesQueryOptions(), ...options });
