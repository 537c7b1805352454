import { useState } from 'react';
import { loadFailure } from '../../../components/LoadError';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { initialPageState, type PageState } from '../../../lib/paging';
import { useAssistants } from '../api/get-assistants';
import type { Assistant } from '../api/types';
import { AssistantModal } from './AssistantModal';
import PriceTable from './PriceTable';
import ModeTable from './ModeTable';
import './designer.css';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Name' },
  { value: 'model', label: 'Model' },
  { value: 'ready_to_deploy', label: 'Ready' },
  { value: 'updated_at', label: 'Last change' },
];

/** `null`: closed; `'new'`: creating; otherwise the id being edited. */
type Editing = null | 'new' | string;

export default function AssistantsPage() {
  const [state, setState] = useState<PageState>(initialPageState);
  const [editing, setEditing] = useState<Editing>(null);
  const canEdit = holds(useAuth().user?.permissions, 'admin.assistants.edit');
  const assistants = useAssistants(state);
  const { data, isPending } = assistants;

  const columns: Column<Assistant>[] = [
    { key: 'name', header: 'Name' },
    { key: 'description', header: 'Description', render: (a) => <span className="muted">{a.description}</span> },
    { key: 'model', header: 'Model' },
    { key: 'tags', header: 'Tags', render: (a) => a.tags.map((t) => t.name).join(', ') },
    { key: 'ready', header: 'Ready', render: (a) => (a.ready_to_deploy ? 'Yes' : 'No') },
    ...(canEdit
      ? [
          {
            key: 'actions',
            header: 'Actions',
            actions: true,
            render: (a: Assistant) => (
              <button type="button" className="button button--secondary button--small" onClick={() => setEditing(a.id)}>
                Edit
              </button>
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="designer-page">
      <header className="designer-page__header designer-page__header--split">
        <div>
          <h1>Assistants</h1>
          <p className="muted">The advisors members put on their boards; only those ready to deploy are offered.</p>
        </div>
        {canEdit && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            New assistant
          </button>
        )}
      </header>
      <PagedTable
        columns={columns}
        rows={data?.data ?? []}
        page={state.page}
        totalPages={data?.totalPages ?? 1}
        search={state.search}
        sortField={state.sortField}
        sortOrder={state.sortOrder}
        sortFields={sortFields}
        onChange={setState}
        rowKey={(a) => a.id}
        isLoading={isPending}
        loadError={loadFailure(assistants, 'The assistants could not be loaded.')}
        emptyText="No assistants yet."
      />
      <PriceTable canEdit={canEdit} />
      <ModeTable />
      {editing && (
        <AssistantModal
          assistantId={editing === 'new' ? null : editing}
          onSaved={(id) => setEditing(id)}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
