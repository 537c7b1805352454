import { LocalPagedTable } from '../../../components/LocalPagedTable';
import { loadFailure } from '../../../components/LoadError';
import type { Column } from '../../../components/PagedTable';
import type { LocalPagingOptions } from '../../../lib/local-paging';
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
  useLoadError(permissions.isError, 'Failed to load permissions');

  const all = permissions.data ?? [];
  const order = new Map(all.map((p, i) => [p.id, i]));
  const paging: LocalPagingOptions<Permission> = {
    text: (p) => `${p.name} ${p.description}`,
    sortBy: { id: (p) => order.get(p.id) ?? 0, name: (p) => p.name },
  };

  return (
    <div className="admin-page">
      <h1>Permissions</h1>
      <LocalPagedTable
        columns={columns}
        items={all}
        paging={paging}
        sortFields={sortFields}
        rowKey={(p) => p.id}
        isLoading={permissions.isPending}
        loadError={loadFailure(permissions, 'The permissions could not be loaded.')}
        emptyText="No permissions."
        searchPlaceholder="Search permissions..."
      />
    </div>
  );
}
