import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Role } from '../types';
import { adminKeys } from './keys';

export const createRole = (name: string) => apiFetch<{ success: true; role: Role }>('/api/admin/roles', { method: 'POST', body: { name } });

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles() }),
  });
}
