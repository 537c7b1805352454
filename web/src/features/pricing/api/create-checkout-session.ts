import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export const createCheckoutSession = (subscriptionId: string) =>
  apiFetch<{ url: string }>('/api/stripe/create-checkout-session', { method: 'POST', body: { subscriptionId } });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
