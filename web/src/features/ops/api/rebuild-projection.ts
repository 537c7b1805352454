import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { opsKeys } from './keys';

export const rebuildProjection = (name: string) =>
  apiFetch<{ accepted: boolean; name: string }>(`/api/admin/projections/${encodeURIComponent(name)}/rebuild`, { method: 'POST' });

/** The rebuild runs in a worker: the answer only says it was queued, so the list is polled afterwards. */
export function useRebuildProjection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebuildProjection,
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.projections() }),
  });
}
