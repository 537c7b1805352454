import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-contract';
import type { PublishInput } from '../rate-card';
import { rateCardKeys } from './keys';

/** The version in force and every version published (newest first). */
export const useRateCards = () => useQuery({ queryKey: rateCardKeys.all, queryFn: () => apiGet('/api/admin/rate-cards') });

export function usePublishRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PublishInput) => apiPost('/api/admin/rate-cards', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateCardKeys.all }),
  });
}

/** A draft replayed against the usage recorded in [from, to): per organization, charged against draft. */
export const useBacktest = () =>
  useMutation({ mutationFn: (body: { draft: { entries: PublishInput['entries'] }; from: string; to: string }) => apiPost('/api/admin/rate-cards/backtest', { body }) });
