import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, type ApiBody } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export type AddMemberInput = ApiBody<'/api/admin/orgs/{id}/members', 'post'>;

/** Each change answers once the read models show it: the organizations and users tables are refetched. */
function useMembersMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.orgs() }), queryClient.invalidateQueries({ queryKey: adminKeys.users() })]),
  });
}

export const useAdminAddMember = (orgId: string) => useMembersMutation((body: AddMemberInput) => apiPost('/api/admin/orgs/{id}/members', { params: { id: orgId }, body }));
export const useAdminRemoveMember = (orgId: string) =>
  useMembersMutation((userId: string) => apiDelete('/api/admin/orgs/{id}/members/{userId}', { params: { id: orgId, userId } }));
