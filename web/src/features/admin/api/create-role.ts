import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export const createRole = (name: string) => apiPost('/api/admin/roles', { body: { name } });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles() }),
  });
}
