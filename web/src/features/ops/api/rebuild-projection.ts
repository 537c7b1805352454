import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { opsKeys } from './keys';

export const rebuildProjection = (name: string) => apiPost('/api/admin/projections/{name}/rebuild', { params: { name } });

/** The rebuild runs in a worker: the answer only says it was queued, so the list is polled afterwards. */
export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.projections() }),
  });
}
