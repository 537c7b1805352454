import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AdminOrg } from '../types';
import { adminKeys } from './keys';

export const getOrgs = () => apiFetch<AdminOrg[]>('/api/admin/orgs');

export const getOrgsQueryOptions = () => queryOptions({ queryKey: adminKeys.orgs(), queryFn: getOrgs, staleTime: 0, retry: false });

export const useOrgs = () => useQuery(getOrgsQueryOptions());
