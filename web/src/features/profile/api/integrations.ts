import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditAlertsQueryOptions } from '../../../components/CreditAlertBanner';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api-contract';

/** Keys from general to specific: everything of the integrations card, then each list. */
export const integrationKeys = {
  all: ['me', 'integrations'] as const,
  apiKeys: () => [...integrationKeys.all, 'api-keys'] as const,
  endpoints: () => [...integrationKeys.all, 'webhook-endpoints'] as const,
  deliveries: (endpointId: string) => [...integrationKeys.endpoints(), endpointId, 'deliveries'] as const,
};

export const apiKeysQueryOptions = () => queryOptions({ queryKey: integrationKeys.apiKeys(), queryFn: () => apiGet('/api/me/api-keys') });
export const endpointsQueryOptions = () => queryOptions({ queryKey: integrationKeys.endpoints(), queryFn: () => apiGet('/api/me/webhook-endpoints') });
/** While a delivery is pending (a Resend, a retry) the log is read again, so it says when the worker delivered it. */
export const deliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: integrationKeys.deliveries(id),
    queryFn: () => apiGet('/api/me/webhook-endpoints/{id}/deliveries', { params: { id } }),
    refetchInterval: (query) => (query.state.data?.some((d) => d.status === 'pending') ? 2000 : false),
  });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
export const useEndpoints = () => useQuery(endpointsQueryOptions());
export const useDeliveries = (id: string) => useQuery(deliveriesQueryOptions(id));

/** Mutations answer after the read models show them: invalidating the card's keys refetches fresh lists. */
function useIntegrationMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: integrationKeys.all }) });
}

export const useCreateApiKey = () => useIntegrationMutation((name: string) => apiPost('/api/me/api-keys', { body: { name } }));
export const useRevokeApiKey = () => useIntegrationMutation((id: string) => apiDelete('/api/me/api-keys/{id}', { params: { id } }));
export const useAddEndpoint = () => useIntegrationMutation((url: string) => apiPost('/api/me/webhook-endpoints', { body: { url } }));
export const useRemoveEndpoint = () => useIntegrationMutation((id: string) => apiDelete('/api/me/webhook-endpoints/{id}', { params: { id } }));
export const useResend = () =>
  useIntegrationMutation((d: { id: string; messageId: string }) => apiPost('/api/me/webhook-endpoints/{id}/deliveries/{messageId}/resend', { params: d }));

export function useSetAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lowBalanceCredits: number | null) => apiPut('/api/me/alerts', { body: { lowBalanceCredits } }),
    onSuccess: (answer) => queryClient.setQueryData(creditAlertsQueryOptions().queryKey, answer),
  });
}
