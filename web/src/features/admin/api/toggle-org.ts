import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { adminKeys } from './keys';

export const toggleOrg = (orgId: string) => apiPost('/api/admin/orgs/{id}/toggle-active', { params: { id: orgId } });

/** The server answers once its read models show the change: the list is refetched at once. */
export function useToggleOrg() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleOrg,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orgs() }),
  });
}
