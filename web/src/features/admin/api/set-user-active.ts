import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from './keys';

export interface SetUserActiveInput {
  userId: string;
  isActive: boolean;
}

export const setUserActive = ({ userId, isActive }: SetUserActiveInput) =>
  apiFetch<{ success: true; is_active: boolean }>(`/api/admin/users/${encodeURIComponent(userId)}/activate`, {
    method: 'PUT',
    body: { is_active: isActive },
  });

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
