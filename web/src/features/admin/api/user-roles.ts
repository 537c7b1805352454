import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from './keys';

export interface UserRoleInput {
  userId: string;
  roleId: string;
}

const userRolePath = ({ userId, roleId }: UserRoleInput) =>
  `/api/admin/users/${encodeURIComponent(userId)}/roles/${encodeURIComponent(roleId)}`;

export const assignRole = (input: UserRoleInput) => apiFetch<{ success: true }>(userRolePath(input), { method: 'POST' });
export const removeRole = (input: UserRoleInput) => apiFetch<{ success: true }>(userRolePath(input), { method: 'DELETE' });

function useUserRoleMutation(mutationFn: (input: UserRoleInput) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}

export const useAssignRole = () => useUserRoleMutation(assignRole);
export const useRemoveRole = () => useUserRoleMutation(removeRole);
