import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { pageQuery, type PageState } from '../../../lib/paging';
import { billingAdminKeys } from './keys';

export const getWebhookLog = (state: PageState) => apiGet('/api/admin/stripe/webhook-log', { query: pageQuery(state) });

/** While an event on the page waits for the worker, the page asks again every 2 s. */
export const getWebhookLogQueryOptions = (state: PageState) =>
  queryOptions({
    queryKey: billingAdminKeys.webhookLog(state),
    queryFn: () => getWebhookLog(state),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.data.some((row) => row.status === 'received') ? 2000 : false),
  });

export const useWebhookLog = (state: PageState) => useQuery(getWebhookLogQueryOptions(state));
