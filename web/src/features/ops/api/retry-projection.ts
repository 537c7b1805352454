import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { opsKeys } from './keys';

export const retryProjection = (name: string) =>
  apiFetch<{ accepted: boolean; name: string }>(`/api/admin/projections/${encodeURIComponent(name)}/retry`, { method: 'POST' });

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
