import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { opsKeys } from './keys';

export const retryProjection = (name: string) => apiPost('/api/admin/projections/{name}/retry', { params: { name } });

/** A failed read model tries again now, in a worker: the list is refreshed now and a moment later. */
export function useRetryProjection() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: opsKeys.projections() });
  return useMutation({
    mutationFn: retryProjection,
    onSettled: () => {
      refresh();
      window.setTimeout(refresh, 1000);
    },
  });
}
