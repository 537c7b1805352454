import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { simCheckoutKeys } from './keys';

export type SimAction = 'pay' | 'cancel';

/** Pay or Cancel on the simulated hosted page; answers where the browser goes next. */
export const finishSimCheckout = ({ id, action }: { id: string; action: SimAction }) =>
  apiPost(action === 'pay' ? '/api/stripe/sim/sessions/{id}/pay' : '/api/stripe/sim/sessions/{id}/cancel', { params: { id }, body: {} });

export function useFinishSimCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishSimCheckout,
    onSettled: (_data, _error, { id }) => queryClient.invalidateQueries({ queryKey: simCheckoutKeys.detail(id) }),
    // Answered once the payment is applied: the plan, the credits and billing are read again.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
