import { useEffect, useState } from 'react';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { initialPageState, type PageState } from '../../../lib/paging';
import { useTransactions } from '../api/get-transactions';
import { formatAmount } from '../money';
import type { PaymentTransaction } from '../types';

const short = (value: string | null) => (value ? <code title={value}>{value.length > 18 ? `${value.slice(0, 18)}…` : value}</code> : '');

const columns: Column<PaymentTransaction>[] = [
  { key: 'id', header: 'ID' },
  { key: 'eventCreated', header: 'Date', className: 'nowrap', render: (r) => (r.eventCreated ?? r.created_at).slice(0, 10) },
  { key: 'kind', header: 'Kind' },
  { key: 'amount_total', header: 'Amount', className: 'amount', render: (r) => formatAmount(r.amount_total, r.currency) },
  { key: 'paymentStatus', header: 'Status' },
  { key: 'orgId', header: 'Org', className: 'admin__id', render: (r) => short(r.orgId) },
  { key: 'planId', header: 'Plan' },
  { key: 'eventId', header: 'Event', render: (r) => short(r.eventId) },
];

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'eventCreated', label: 'Date' },
  { value: 'amount_total', label: 'Amount' },
  { value: 'paymentStatus', label: 'Status' },
  { value: 'kind', label: 'Kind' },
];

export function TransactionsTable() {
  const [state, setState] = useState<PageState>({ ...initialPageState, sortOrder: 'desc' });
  const transactions = useTransactions(state);
  const toast = useToast();

  useEffect(() => {
    if (transactions.isError) toast.error('Failed to load payment transactions');
  }, [transactions.isError, toast]);

  return (
    <PagedTable
      columns={columns}
      rows={transactions.data?.data ?? []}
      page={state.page}
      totalPages={transactions.data?.totalPages ?? 1}
      search={state.search}
      sortField={state.sortField}
      sortOrder={state.sortOrder}
      sortFields={sortFields}
      onChange={setState}
      rowKey={(r) => r.id}
      isLoading={transactions.isPending}
      emptyText="No payments yet."
    />
  );
}
