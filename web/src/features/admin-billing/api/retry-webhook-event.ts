import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { billingAdminKeys } from './keys';

export interface RetryOutcome {
  eventId: string;
  status: 'processed' | 'ignored' | 'failed';
  detail: string;
}

/** Applies a failed Stripe event again (its cause fixed): the answer carries the new outcome. */
export const retryWebhookEvent = (eventId: string) =>
  apiFetch<RetryOutcome>(`/api/admin/stripe/events/${encodeURIComponent(eventId)}/retry`, { method: 'POST' });

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
