import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { billingAdminKeys } from './keys';

/** Applies a failed Stripe event again (its cause fixed): the answer carries the new outcome. */
export const retryWebhookEvent = (eventId: string) => apiPost('/api/admin/stripe/events/{eventId}/retry', { params: { eventId } });

export function useRetryWebhookEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryWebhookEvent,
    onSettled: () => {
      queryClient.invalidateQueries({ queryKey: billingAdminKeys.webhookLog() });
      queryClient.invalidateQueries({ queryKey: billingAdminKeys.transactions() });
    },
  });
}
