import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from '../../../lib/api-contract';

export type SharedSession = ApiAnswer<'/api/shared/{token}'>;

export const useSharedSession = (token: string) =>
  useQuery(queryOptions({ queryKey: ['shared', token] as const, queryFn: () => apiGet('/api/shared/{token}', { params: { token } }), retry: false }));
