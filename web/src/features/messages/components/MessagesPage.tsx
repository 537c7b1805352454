import { useEffect, useState } from 'react';
import { loadFailure } from '../../../components/LoadError';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { formatDateTime } from '../../../lib/format';
import { initialPageState, type PageState } from '../../../lib/paging';
import type { ApiAnswer, Item } from '../../../lib/api-contract';

type ContactMessage = Item<ApiAnswer<'/api/admin/contact-messages'>['data']>;
import { useMessages } from '../api/get-messages';
import './messages.css';

const sortFields = [
  { value: 'created_at', label: 'Received' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
];

const columns: Column<ContactMessage>[] = [
  { key: 'created_at', header: 'Received', className: 'nowrap', render: (m) => formatDateTime(m.created_at) },
  { key: 'name', header: 'Name' },
  { key: 'email', header: 'Email', render: (m) => <a href={`mailto:${m.email}`}>{m.email}</a> },
  { key: 'message', header: 'Message', className: 'message-text', render: (m) => m.message },
];

/** /admin/messages: what visitors sent through the built-in contact form, newest first. */
export default function MessagesPage() {
  const [state, setState] = useState<PageState>({ ...initialPageState, sortField: 'created_at', sortOrder: 'desc' });
  const messages = useMessages(state);
  const toast = useToast();

  useEffect(() => {
    if (messages.isError) toast.error('Failed to load messages');
  }, [messages.isError, toast]);

  return (
    <div className="admin-page">
      <h1>Messages</h1>
      <p className="muted">Sent through the contact form on /contact and /support.</p>
      <PagedTable
        columns={columns}
        rows={messages.data?.data ?? []}
        page={state.page}
        totalPages={messages.data?.totalPages ?? 1}
        search={state.search}
        sortField={state.sortField}
        sortOrder={state.sortOrder}
        sortFields={sortFields}
        onChange={setState}
        rowKey={(m) => m.id}
        isLoading={messages.isPending}
        loadError={loadFailure(messages, 'The messages could not be loaded.')}
        emptyText="No messages yet."
        searchPlaceholder="Search messages..."
      />
    </div>
  );
}
