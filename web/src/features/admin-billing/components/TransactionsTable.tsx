import { useEffect, useState } from 'react';
import { loadFailure } from '../../../components/LoadError';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { initialPageState, type PageState } from '../../../lib/paging';
import { useTransactions } from '../api/get-transactions';
import { formatDateTime, formatMoney, shortId } from '../../../lib/format';
import type { PaymentTransaction } from '../types';

const short = (value: string | null) => (value ? <code title={value}>{value.length > 18 ? `${value.slice(0, 18)}…` : value}</code> : '');

/** An organization or a plan by name when the viewer may list them, its id on hover either way. */
const namedCell = (id: string | null, names: ReadonlyMap<string, string>, shorten: (id: string) => string) => {
  if (!id) return '';
  const name = names.get(id);
  return name ? <span title={id}>{name}</span> : <code title={id}>{shorten(id)}</code>;
};

const columnsFor = (orgNames: ReadonlyMap<string, string>, planNames: ReadonlyMap<string, string>): Column<PaymentTransaction>[] => [
  { key: 'id', header: 'ID' },
  { key: 'eventCreated', header: 'Date', className: 'nowrap', render: (r) => formatDateTime(r.eventCreated ?? r.created_at) },
  { key: 'kind', header: 'Kind' },
  { key: 'amount_total', header: 'Amount', className: 'amount', render: (r) => formatMoney(r.amount_total, r.currency) },
  { key: 'paymentStatus', header: 'Status' },
  { key: 'orgId', header: 'Organization', render: (r) => namedCell(r.orgId, orgNames, shortId) },
  { key: 'planId', header: 'Plan', render: (r) => namedCell(r.planId, planNames, (id) => id) },
  { key: 'eventId', header: 'Event', render: (r) => short(r.eventId) },
];

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'eventCreated', label: 'Date' },
  { value: 'amount_total', label: 'Amount' },
  { value: 'paymentStatus', label: 'Status' },
  { value: 'kind', label: 'Kind' },
];

export function TransactionsTable({ orgNames, planNames }: { orgNames: ReadonlyMap<string, string>; planNames: ReadonlyMap<string, string> }) {
  const [state, setState] = useState<PageState>({ ...initialPageState, sortOrder: 'desc' });
  const transactions = useTransactions(state);
  const toast = useToast();

  useEffect(() => {
    if (transactions.isError) toast.error('Failed to load payment transactions');
  }, [transactions.isError, toast]);

  return (
    <PagedTable
      columns={columnsFor(orgNames, planNames)}
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
      loadError={loadFailure(transactions, 'The payment transactions could not be loaded.')}
      emptyText="No payments yet."
    />
  );
}
