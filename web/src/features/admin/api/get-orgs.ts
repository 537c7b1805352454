import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import type { AdminOrg } from '../types';
import { adminKeys } from './keys';

/** Without a paging query the server answers every organization; the table pages them here. */
export const getOrgs = () => apiGet('/api/admin/orgs') as Promise<AdminOrg[]>;

export const getOrgsQueryOptions = () => queryOptions({ queryKey: adminKeys.orgs(), queryFn: getOrgs, staleTime: 0, retry: false });

export const useOrgs = () => useQuery(getOrgsQueryOptions());
