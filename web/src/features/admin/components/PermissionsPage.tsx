import { useState } from 'react';
import { PagedTable, type Column } from '../../../components/PagedTable';
import { pageLocally } from '../../../lib/local-paging';
import { initialPageState } from '../../../lib/paging';
import { usePermissions } from '../api/get-permissions';
import { useLoadError } from '../hooks/use-load-error';
import type { Permission } from '../types';

const columns: Column<Permission>[] = [
  { key: 'name', header: 'Name', render: (p) => <code>{p.name}</code> },
  { key: 'description', header: 'Description' },
];

const sortFields = [
  { value: 'id', label: 'Catalogue order' },
  { value: 'name', label: 'Name' },
];

export default function PermissionsPage() {
  const permissions = usePermissions();
  const [state, setState] = useState(initialPageState);
  useLoadError(permissions.isError, 'Failed to load permissions');

  const all = permissions.data ?? [];
  const order = new Map(all.map((p, i) => [p.id, i]));
  const view = pageLocally(all, state, {
    text: (p) => `${p.name} ${p.description}`,
    sortBy: { id: (p) => order.get(p.id) ?? 0, name: (p) => p.name },
  });

  return (
    <div className="admin-page">
      <h1>Permissions</h1>
      <PagedTable
        columns={columns}
        rows={view.rows}
        page={view.page}
        totalPages={view.totalPages}
        search={state.search}
        sortField={state.sortField}
        sortOrder={state.sortOrder}
        sortFields={sortFields}
        onChange={setState}
        rowKey={(p) => p.id}
        isLoading={permissions.isPending}
        emptyText="No permissions."
        searchPlaceholder="Search permissions..."
      />
    </div>
  );
}
