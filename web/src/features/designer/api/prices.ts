import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, type ApiAnswer, type ApiBody } from '../../../lib/api-contract';
import { priceKeys } from './keys';

export type PriceTable = ApiAnswer<'/api/admin/board/prices'>;
export type PriceTableInput = ApiBody<'/api/admin/board/prices', 'put'>;

export const getPrices = () => apiGet('/api/admin/board/prices');

export const usePrices = () => useQuery(queryOptions({ queryKey: priceKeys.all, queryFn: getPrices }));

export const savePrices = (body: PriceTableInput) => apiPut('/api/admin/board/prices', { body });

export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePrices, onSuccess: (table) => queryClient.setQueryData(priceKeys.all, table) });
}
