import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { adminKeys } from './keys';

export const toggleOrg = (orgId: string) =>
  apiFetch<{ success: true; is_active: boolean }>(`/api/admin/orgs/${encodeURIComponent(orgId)}/toggle-active`, { method: 'POST' });

/** The server answers once its read models show the change: the list is refetched at once. */
export function useToggleOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleOrg,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orgs() }),
  });
}
