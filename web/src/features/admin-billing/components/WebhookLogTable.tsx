import { useEffect, useState } from 'react';
import { Breakable } from '../../../components/Breakable';
import { loadFailure } from '../../../components/LoadError';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { Moment } from '../../../components/Moment';
import { initialPageState, type PageState } from '../../../lib/paging';
import { errorMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { useWebhookLog } from '../api/get-webhook-log';
import { useRetryWebhookEvent } from '../api/retry-webhook-event';
import type { WebhookLogRow } from '../types';
import { WebhookEventModal } from './WebhookEventModal';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'type', label: 'Type' },
  { value: 'status', label: 'Status' },
  { value: 'received_at', label: 'Received' },
];

export function WebhookLogTable() {
  const [state, setState] = useState<PageState>({ ...initialPageState, sortOrder: 'desc' });
  const [open, setOpen] = useState<number | null>(null);
  const log = useWebhookLog(state);
  const toast = useToast();
  const { user } = useAuth();
  const canRetry = holds(user?.permissions, 'admin.stripe.edit');
  const retry = useRetryWebhookEvent();

  const retryEvent = (row: WebhookLogRow) =>
    retry.mutate(row.event_id, {
      onSuccess: (outcome) => {
        if (outcome.status === 'failed') toast.error(`Still failing: ${outcome.detail}`);
        else toast.success(outcome.status === 'processed' ? `Applied: ${outcome.detail}` : `Ignored: ${outcome.detail}`);
      },
      onError: (err) => toast.error(errorMessage((err as { body?: unknown }).body, 'Failed to retry the event')),
    });

  useEffect(() => {
    if (log.isError) toast.error('Failed to load the webhook log');
  }, [log.isError, toast]);

  const columns: Column<WebhookLogRow>[] = [
    { key: 'id', header: 'ID' },
    { key: 'type', header: 'Type', render: (r) => <Breakable text={r.type} /> },
    { key: 'status', header: 'Status', render: (r) => <span className={`webhook-status webhook-status--${r.status}`}>{r.status}</span> },
    { key: 'reason', header: 'Reason', render: (r) => <Breakable text={r.reason ?? r.summary ?? ''} /> },
    { key: 'received_at', header: 'Received', className: 'webhook-log__moment', render: (r) => <Moment at={r.received_at} seconds stacked /> },
    { key: 'processed_at', header: 'Processed', className: 'webhook-log__moment', render: (r) => (r.processed_at ? <Moment at={r.processed_at} seconds stacked /> : '') },
    { key: 'event_id', header: 'Event', render: (r) => <code title={r.event_id}>{r.event_id.length > 14 ? `${r.event_id.slice(0, 14)}…` : r.event_id}</code> },
    {
      key: 'raw',
      header: 'Raw',
      actions: true,
      render: (r) => (
        <>
          <button type="button" className="button button--small button--secondary" aria-label={`View event ${r.event_id}`} onClick={() => setOpen(r.id)}>
            View
          </button>
          {canRetry && r.status === 'failed' && (
            <button
              type="button"
              className="button button--small button--secondary"
              aria-label={`Retry event ${r.event_id}`}
              disabled={retry.isPending}
              onClick={() => retryEvent(r)}
            >
              Retry
            </button>
          )}
        </>
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
        loadError={loadFailure(log, 'The webhook log could not be loaded.')}
        emptyText="No webhook events yet."
      />
      <WebhookEventModal id={open} onClose={() => setOpen(null)} />
    </>
  );
}
