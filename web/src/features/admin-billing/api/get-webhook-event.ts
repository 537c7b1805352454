import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { WebhookLogDetail } from '../types';
import { billingAdminKeys } from './keys';

export const getWebhookEvent = (id: number) => apiFetch<WebhookLogDetail>(`/api/admin/stripe/webhook-log/${id}`);

export const getWebhookEventQueryOptions = (id: number) =>
  queryOptions({ queryKey: billingAdminKeys.webhookEvent(id), queryFn: () => getWebhookEvent(id), retry: false });

export const useWebhookEvent = (id: number | null) => useQuery({ ...getWebhookEventQueryOptions(id ?? 0), enabled: id !== null });
