import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { RolesAnswer } from '../types';
import { adminKeys } from './keys';

export const getRoles = () => apiFetch<RolesAnswer>('/api/admin/roles');

export const getRolesQueryOptions = () => queryOptions({ queryKey: adminKeys.roles(), queryFn: getRoles, staleTime: 0, retry: false });

export const useRoles = (options: { enabled?: boolean } = {}) => useQuery({ ...getRolesQueryOptions(), ...options });
