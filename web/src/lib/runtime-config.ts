import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, type ApiAnswer } from './api-contract';

export type RuntimeConfig = ApiAnswer<'/api/config'>;

/** Until it is known (or when it cannot be read) nothing external is configured: the built-in versions show. */
const nothingConfigured: RuntimeConfig = { contactFormScriptUrl: null, veteransSiteUrl: null };

export const getRuntimeConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['runtime-config'] as const,
    queryFn: () => apiGet('/api/config').catch(() => nothingConfigured),
    staleTime: Infinity,
    retry: false,
  });

/** What this deployment configured (GET /api/config): the contact form script, the veterans site. */
export function useRuntimeConfig(): { config: RuntimeConfig; isPending: boolean } {
  const { data, isPending } = useQuery(getRuntimeConfigQueryOptions());
  return { config: data ?? nothingConfigured, isPending };
}
