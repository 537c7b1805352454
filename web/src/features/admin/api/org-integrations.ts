import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiGet, apiPost } from '../../../lib/api-contract';
import { adminKeys } from './keys';

const orgIntegrationKeys = {
  all: (orgId: string) => [...adminKeys.orgs(), orgId, 'integrations'] as const,
  apiKeys: (orgId: string) => [...orgIntegrationKeys.all(orgId), 'api-keys'] as const,
  endpoints: (orgId: string) => [...orgIntegrationKeys.all(orgId), 'webhook-endpoints'] as const,
  deliveries: (orgId: string, endpointId: string) => [...orgIntegrationKeys.endpoints(orgId), endpointId] as const,
};

export const useOrgApiKeys = (orgId: string) =>
  useQuery(queryOptions({ queryKey: orgIntegrationKeys.apiKeys(orgId), queryFn: () => apiGet('/api/admin/orgs/{id}/api-keys', { params: { id: orgId } }) }));
export const useOrgEndpoints = (orgId: string) =>
  useQuery(
    queryOptions({ queryKey: orgIntegrationKeys.endpoints(orgId), queryFn: () => apiGet('/api/admin/orgs/{id}/webhook-endpoints', { params: { id: orgId } }) }),
  );
export const useOrgDeliveries = (orgId: string, endpointId: string) =>
  useQuery(
    queryOptions({
      queryKey: orgIntegrationKeys.deliveries(orgId, endpointId),
      queryFn: () => apiGet('/api/admin/orgs/{id}/webhook-endpoints/{endpointId}/deliveries', { params: { id: orgId, endpointId } }),
    }),
  );

function useOrgMutation<A, R>(orgId: string, fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries({ queryKey: orgIntegrationKeys.all(orgId) }) });
}

export const useAdminRevokeKey = (orgId: string) =>
  useOrgMutation(orgId, (keyId: string) => apiDelete('/api/admin/orgs/{id}/api-keys/{keyId}', { params: { id: orgId, keyId } }));
export const useAdminResend = (orgId: string) =>
  useOrgMutation(orgId, (d: { endpointId: string; messageId: string }) =>
    apiPost('/api/admin/orgs/{id}/webhook-endpoints/{endpointId}/deliveries/{messageId}/resend', { params: { id: orgId, ...d } }),
  );
