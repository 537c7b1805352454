import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';

export const createCheckoutSession = (subscriptionId: string) => apiPost('/api/stripe/create-checkout-session', { body: { subscriptionId } });

/** A plan change is applied before it answers: whatever a page kept of the plan, the credits or billing is read again. */
export function useCreateCheckoutSession() {
  const client = useQueryClient();
  return useMutation({ mutationFn: createCheckoutSession, onSuccess: () => client.invalidateQueries() });
}
