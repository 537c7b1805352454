import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';

/** Stripe's billing portal for the organization (the simulator's page without a Stripe key). */
export const createPortalSession = () => apiPost('/api/stripe/create-portal-session', { body: {} });

export const useCreatePortalSession = () => useMutation({ mutationFn: createPortalSession });
