import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { simCheckoutKeys } from './keys';

export interface SimCheckout {
  id: string;
  status: 'open' | 'paid' | 'cancelled';
  mode: 'payment' | 'subscription';
  amount_total: number;
  currency: string;
  email: string;
  plan: { id: string; name: string; description: string; price_usd: number; monthly_credits: number; one_time_credits: number; is_one_time: boolean };
}

export const getSimCheckout = (id: string) => apiFetch<SimCheckout>(`/api/stripe/sim/sessions/${encodeURIComponent(id)}`);

export const getSimCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: simCheckoutKeys.detail(id), queryFn: () => getSimCheckout(id), retry: false, staleTime: 0 });

export const useSimCheckout = (id: string) => useQuery(getSimCheckoutQueryOptions(id));
