import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pageQuery, type Paged, type PageState } from '../../../lib/paging';
import type { WebhookLogRow } from '../types';
import { billingAdminKeys } from './keys';

export const getWebhookLog = (state: PageState) =>
  apiFetch<Paged<WebhookLogRow>>('/api/admin/stripe/webhook-log', { query: pageQuery(state) });

export const getWebhookLogQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: billingAdminKeys.webhookLog(state), queryFn: () => getWebhookLog(state), placeholderData: keepPreviousData, staleTime: 0, retry: false });

export const useWebhookLog = (state: PageState) => useQuery(getWebhookLogQueryOptions(state));
