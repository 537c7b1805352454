import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';

export type PortalAction = 'cancel' | 'resume';

/** The simulator portal's buttons: they send the signed event Stripe's portal would. */
export const simPortal = (action: PortalAction) =>
  apiPost(action === 'cancel' ? '/api/stripe/sim/portal/cancel' : '/api/stripe/sim/portal/resume', { body: {} });

/** Answered once the change is applied: billing is read again. */
export function useSimPortal() {
  const client = useQueryClient();
  return useMutation({ mutationFn: simPortal, onSuccess: () => client.invalidateQueries() });
}
