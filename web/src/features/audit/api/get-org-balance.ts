import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { auditKeys } from './keys';

/** The organization's balance as of `at` (an ISO instant), computed from its log; now when `at` is null. */
export const getOrgBalance = (orgId: string, at: string | null) =>
  apiGet('/api/admin/orgs/{id}/balance', { params: { id: orgId }, query: at ? { at } : {} });

export const getOrgBalanceQueryOptions = (orgId: string, at: string | null) =>
  queryOptions({ queryKey: auditKeys.balance(orgId, at), queryFn: () => getOrgBalance(orgId, at), retry: false, staleTime: 0 });

export const useOrgBalance = (orgId: string, at: string | null, enabled = true) =>
  useQuery({ ...getOrgBalanceQueryOptions(orgId, at), enabled });
