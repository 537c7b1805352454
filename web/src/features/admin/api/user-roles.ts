import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../../lib/api-contract';
import { getMeQueryOptions } from '../../../lib/auth/api';
import { adminKeys } from './keys';

export interface UserRoleInput {
  userId: string;
  roleId: string;
}

const path = '/api/admin/users/{id}/roles/{roleId}';

export const assignRole = ({ userId, roleId }: UserRoleInput) => apiPost(path, { params: { id: userId, roleId } });
export const removeRole = ({ userId, roleId }: UserRoleInput) => apiDelete(path, { params: { id: userId, roleId } });

/** A change to one's own roles changes what one may do here: the current user is refetched too. */
function useUserRoleMutation(mutationFn: (input: UserRoleInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
        queryClient.invalidateQueries({ queryKey: getMeQueryOptions().queryKey }),
      ]),
  });
}

export const useAssignRole = () => useUserRoleMutation(assignRole);
export const useRemoveRole = () => useUserRoleMutation(removeRole);
