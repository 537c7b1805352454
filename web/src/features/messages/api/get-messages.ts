import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pageQuery, type PageState } from '../../../lib/paging';
import { apiGet } from '../../../lib/api-contract';

export const messageKeys = {
  all: ['contact-messages'] as const,
  list: (state: PageState) => [...messageKeys.all, 'list', state] as const,
};

export const getMessages = (state: PageState) => apiGet('/api/admin/contact-messages', { query: pageQuery(state) });

export const getMessagesQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: messageKeys.list(state), queryFn: () => getMessages(state), placeholderData: keepPreviousData, staleTime: 0, retry: false });

export const useMessages = (state: PageState) => useQuery(getMessagesQueryOptions(state));
