import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { BalanceAt } from '../types';
import { auditKeys } from './keys';

/** The organization's balance as of `at` (an ISO instant), computed from its log; now when `at` is null. */
export const getOrgBalance = (orgId: string, at: string | null) =>
  apiFetch<BalanceAt>(`/api/admin/orgs/${encodeURIComponent(orgId)}/balance`, { query: { at } });

export const getOrgBalanceQueryOptions = (orgId: string, at: string | null) =>
  queryOptions({ queryKey: auditKeys.balance(orgId, at), queryFn: () => getOrgBalance(orgId, at), retry: false, staleTime: 0 });

export const useOrgBalance = (orgId: string, at: string | null, enabled = true) =>
  useQuery({ ...getOrgBalanceQueryOptions(orgId, at), enabled });
