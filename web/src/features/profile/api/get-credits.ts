import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

/** The organization's balance, what is held, its open lots and holds: answered from the stream, so exact right after a command. */
export const getMyCredits = () => apiGet('/api/me/credits');

export const myCreditsQueryOptions = () => queryOptions({ queryKey: ['me', 'credits'] as const, queryFn: getMyCredits, staleTime: 0 });

export const useMyCredits = () => useQuery(myCreditsQueryOptions());
