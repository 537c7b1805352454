import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { budgetsQueryOptions } from '../../../components/BudgetBanner';
import { apiDelete, apiGet, apiPost, apiPut, type ApiAnswer, type ApiBody } from '../../../lib/api-contract';

export const orgKeys = {
  all: ['me', 'org'] as const,
  members: () => [...orgKeys.all, 'members'] as const,
  invitations: () => [...orgKeys.all, 'invitations'] as const,
  usage: () => [...orgKeys.all, 'usage'] as const,
};

export const useMembers = () => useQuery(queryOptions({ queryKey: orgKeys.members(), queryFn: () => apiGet('/api/me/org/members') }));
export const useInvitations = (enabled: boolean) =>
  useQuery(queryOptions({ queryKey: orgKeys.invitations(), queryFn: () => apiGet('/api/me/org/invitations'), enabled }));
export const useBudgets = () => useQuery(budgetsQueryOptions());
/** This UTC month's spending per member and per project. */
export const useTeamUsage = () =>
  useQuery(queryOptions({ queryKey: orgKeys.usage(), queryFn: () => apiGet('/api/me/org/usage', { query: { period: 'month' } }) }));
/** The organization's projects, for the project budget's picker. */
export const useProjects = () => useQuery(queryOptions({ queryKey: [...orgKeys.all, 'projects'], queryFn: () => apiGet('/api/projects') }));

/** Every change refetches the organization's lists (members, invitations, budgets). */
function useOrgMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgKeys.all }) });
}

export type Role = ApiBody<'/api/me/org/invitations', 'post'>['role'];
export type BudgetInput = ApiBody<'/api/me/org/budgets', 'put'>;
export type TeamUsage = ApiAnswer<'/api/me/org/usage'>;
export type MemberRow = ApiAnswer<'/api/me/org/members'>['data'][number];

export const useInvite = () => useOrgMutation((body: { email: string; role: Role }) => apiPost('/api/me/org/invitations', { body }));
export const useRevokeInvitation = () => useOrgMutation((id: string) => apiDelete('/api/me/org/invitations/{id}', { params: { id } }));
export const useChangeRole = () => useOrgMutation((d: { userId: string; role: Role }) => apiPut('/api/me/org/members/{userId}', { params: { userId: d.userId }, body: { role: d.role } }));
export const useRemoveMember = () => useOrgMutation((userId: string) => apiDelete('/api/me/org/members/{userId}', { params: { userId } }));
export const useSetBudget = () => useOrgMutation((body: BudgetInput) => apiPut('/api/me/org/budgets', { body }));
export const useRemoveBudget = () =>
  useOrgMutation((d: { scope: string; id: string }) => apiDelete('/api/me/org/budgets/{scope}/{id}', { params: d }));
