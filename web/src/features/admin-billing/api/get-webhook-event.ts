import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { billingAdminKeys } from './keys';

export const getWebhookEvent = (id: number) => apiGet('/api/admin/stripe/webhook-log/{id}', { params: { id } });

export const getWebhookEventQueryOptions = (id: number) =>
  queryOptions({ queryKey: billingAdminKeys.webhookEvent(id), queryFn: () => getWebhookEvent(id), retry: false });

export const useWebhookEvent = (id: number | null) => useQuery({ ...getWebhookEventQueryOptions(id ?? 0), enabled: id !== null });
