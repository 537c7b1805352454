import { useEffect, useState } from 'react';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { initialPageState, type PageState } from '../../../lib/paging';
import { useWebhookLog } from '../api/get-webhook-log';
import type { WebhookLogRow } from '../types';
import { WebhookEventModal } from './WebhookEventModal';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'type', label: 'Type' },
  { value: 'status', label: 'Status' },
  { value: 'received_at', label: 'Received' },
];

const time = (iso: string | null) => (iso ? iso.replace('T', ' ').slice(0, 19) : '');

export function WebhookLogTable() {
  const [state, setState] = useState<PageState>({ ...initialPageState, sortOrder: 'desc' });
  const [open, setOpen] = useState<number | null>(null);
  const log = useWebhookLog(state);
  const toast = useToast();

  useEffect(() => {
    if (log.isError) toast.error('Failed to load the webhook log');
  }, [log.isError, toast]);

  const columns: Column<WebhookLogRow>[] = [
    { key: 'id', header: 'ID' },
    { key: 'type', header: 'Type' },
    { key: 'status', header: 'Status', render: (r) => <span className={`webhook-status webhook-status--${r.status}`}>{r.status}</span> },
    { key: 'reason', header: 'Reason', render: (r) => r.reason ?? r.summary ?? '' },
    { key: 'received_at', header: 'Received', className: 'nowrap', render: (r) => time(r.received_at) },
    { key: 'processed_at', header: 'Processed', className: 'nowrap', render: (r) => time(r.processed_at) },
    { key: 'event_id', header: 'Event', render: (r) => <code title={r.event_id}>{r.event_id.length > 14 ? `${r.event_id.slice(0, 14)}…` : r.event_id}</code> },
    {
      key: 'raw',
      header: 'Raw',
      render: (r) => (
        <button type="button" className="button button--small button--secondary" aria-label={`View event ${r.event_id}`} onClick={() => setOpen(r.id)}>
          View
        </button>
      ),
    },
  ];

  return (
    <>
      <PagedTable
        columns={columns}
        rows={log.data?.data ?? []}
        page={state.page}
        totalPages={log.data?.totalPages ?? 1}
        search={state.search}
        sortField={state.sortField}
        sortOrder={state.sortOrder}
        sortFields={sortFields}
        onChange={setState}
        rowKey={(r) => r.id}
        isLoading={log.isPending}
        emptyText="No webhook events yet."
      />
      <WebhookEventModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
