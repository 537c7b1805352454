import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { simCheckoutKeys } from './keys';

export type SimAction = 'pay' | 'cancel';

/** Pay or Cancel on the simulated hosted page; answers where the browser goes next. */
export const finishSimCheckout = ({ id, action }: { id: string; action: SimAction }) =>
  apiFetch<{ url: string }>(`/api/stripe/sim/sessions/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: {} });

export function useFinishSimCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSimCheckout,
    onSettled: (_data, _error, { id }) => queryClient.invalidateQueries({ queryKey: simCheckoutKeys.detail(id) }),
  });
}
