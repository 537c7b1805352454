import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';

export const createCheckoutSession = (subscriptionId: string) => apiPost('/api/stripe/create-checkout-session', { body: { subscriptionId } });

export const useCreateCheckoutSession = () => useMutation({ mutationFn: createCheckoutSession });
