import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-contract';
import { opsKeys } from './keys';

export const getDrift = () => apiGet('/api/admin/projections/drift');

/** Every second while a check runs, else every ten. */
export const getDriftQueryOptions = () =>
  queryOptions({
    queryKey: opsKeys.drift(),
    queryFn: getDrift,
    retry: false,
    staleTime: 0,
    refetchInterval: (query) => ((query.state.data ?? []).some((d) => d.status === 'running') ? 1000 : 10_000),
  });

export const useDrift = () => useQuery(getDriftQueryOptions());

/** Asks a worker to check one read model (or all) against the log; the list shows its progress. */
export function useDriftCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name?: string) => apiPost('/api/admin/projections/drift-check', { body: name ? { name } : {} }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.drift() }),
  });
}
