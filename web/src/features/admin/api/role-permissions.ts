import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost, type ApiParams } from '../../../lib/api-contract';
import { adminKeys } from './keys';

const path = '/api/admin/roles/{roleId}/permissions/{permissionId}';
export type RolePermissionInput = ApiParams<typeof path, 'post'>;

export const addPermission = (params: RolePermissionInput) => apiPost(path, { params });
export const removePermission = (params: RolePermissionInput) => apiDelete(path, { params });

/** A role's permissions also change what its users may do: users and roles are refetched. */
function useRolePermissionMutation(mutationFn: (input: RolePermissionInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.roles() }), queryClient.invalidateQueries({ queryKey: adminKeys.users() })]),
  });
}

export const useAddPermission = () => useRolePermissionMutation(addPermission);
export const useRemovePermission = () => useRolePermissionMutation(removePermission);
