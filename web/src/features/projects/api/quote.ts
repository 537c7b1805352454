import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody } from '../../../lib/api-contract';
import { boardKeys } from './keys';

export type QuoteInput = ApiBody<'/api/projects/{id}/sessions/quote', 'post'>;

/** The most a meeting can cost (the holds it would place), before it is asked. */
export const useQuote = (projectId: string, input: QuoteInput, enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: boardKeys.quote(projectId, input),
      queryFn: ({ signal }) => apiPost('/api/projects/{id}/sessions/quote', { params: { id: projectId }, body: input, signal }),
      enabled,
      placeholderData: keepPreviousData,
      retry: false,
    }),
  );

/** What the organization can spend now. */
export const useAvailableCredits = () => useQuery(queryOptions({ queryKey: boardKeys.credits(), queryFn: () => apiGet('/api/me/credits') }));
