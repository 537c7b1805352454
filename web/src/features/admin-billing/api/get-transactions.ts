import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';
import { pageQuery, type PageState } from '../../../lib/paging';
import { billingAdminKeys } from './keys';

export const getTransactions = (state: PageState) => apiGet('/api/admin/stripe/transactions', { query: pageQuery(state) });

export const getTransactionsQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: billingAdminKeys.transactions(state), queryFn: () => getTransactions(state), placeholderData: keepPreviousData, staleTime: 0, retry: false });

export const useTransactions = (state: PageState) => useQuery(getTransactionsQueryOptions(state));
