import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from './keys';

export interface RolePermissionInput {
  roleId: string;
  permissionId: string;
}

const rolePermissionPath = ({ roleId, permissionId }: RolePermissionInput) =>
  `/api/admin/roles/${encodeURIComponent(roleId)}/permissions/${encodeURIComponent(permissionId)}`;

export const addPermission = (input: RolePermissionInput) => apiFetch<{ success: true }>(rolePermissionPath(input), { method: 'POST' });
export const removePermission = (input: RolePermissionInput) => apiFetch<{ success: true }>(rolePermissionPath(input), { method: 'DELETE' });

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
