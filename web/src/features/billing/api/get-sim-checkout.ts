import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from '../../../lib/api-contract';
import { simCheckoutKeys } from './keys';

export type SimCheckout = ApiAnswer<'/api/stripe/sim/sessions/{id}'>;

export const getSimCheckout = (id: string) => apiGet('/api/stripe/sim/sessions/{id}', { params: { id } });

export const getSimCheckoutQueryOptions = (id: string) =>
  queryOptions({ queryKey: simCheckoutKeys.detail(id), queryFn: () => getSimCheckout(id), retry: false, staleTime: 0 });

export const useSimCheckout = (id: string) => useQuery(getSimCheckoutQueryOptions(id));
