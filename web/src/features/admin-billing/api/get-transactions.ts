import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { pageQuery, type Paged, type PageState } from '../../../lib/paging';
import type { PaymentTransaction } from '../types';
import { billingAdminKeys } from './keys';

export const getTransactions = (state: PageState) =>
  apiFetch<Paged<PaymentTransaction>>('/api/admin/stripe/transactions', { query: pageQuery(state) });

export const getTransactionsQueryOptions = (state: PageState) =>
  queryOptions({ queryKey: billingAdminKeys.transactions(state), queryFn: () => getTransactions(state), placeholderData: keepPreviousData, staleTime: 0, retry: false });

export const useTransactions = (state: PageState) => useQuery(getTransactionsQueryOptions(state));
