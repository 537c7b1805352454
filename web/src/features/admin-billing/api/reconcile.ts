import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiAnswer, type ApiBody } from '../../../lib/api-contract';
import { billingAdminKeys } from './keys';

export type ReconcileReport = ApiAnswer<'/api/admin/stripe/reconcile', 'post'>;

export const reconcile = (input: ApiBody<'/api/admin/stripe/reconcile', 'post'>) => apiPost('/api/admin/stripe/reconcile', { body: input });

/** What it applied shows in the tables at once. */
export function useReconcile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reconcile,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: billingAdminKeys.transactions() });
      queryClient.invalidateQueries({ queryKey: billingAdminKeys.webhookLog() });
    },
  });
}
