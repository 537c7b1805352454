import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export interface SetUserActiveInput {
  userId: string;
  isActive: boolean;
}

export const setUserActive = ({ userId, isActive }: SetUserActiveInput) =>
  apiPut('/api/admin/users/{id}/activate', { params: { id: userId }, body: { is_active: isActive } });

export function useSetUserActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserActive,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
