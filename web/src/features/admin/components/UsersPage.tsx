import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LocalPagedTable } from '../../../components/LocalPagedTable';
import { loadFailure } from '../../../components/LoadError';
import type { Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { useRoles } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { useSetUserActive } from '../api/set-user-active';
import { useLoadError } from '../hooks/use-load-error';
import type { AdminUser } from '../types';
import { HistoryLink } from './HistoryLink';
import { IdCell } from './IdCell';
import { StatusBadge, StatusIcon } from './StatusBadge';
import { UserRoles } from './UserRoles';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Name' },
  { value: 'email', label: 'Email' },
  { value: 'is_active', label: 'Status' },
];

const paging = {
  text: (u: AdminUser) => `${u.id} ${u.name} ${u.email} ${u.roles.map((r) => r.name).join(' ')} ${u.organization?.name ?? ''}`,
  sortBy: {
    id: (u: AdminUser) => u.id,
    name: (u: AdminUser) => u.name,
    email: (u: AdminUser) => u.email,
    is_active: (u: AdminUser) => (u.is_active ? 0 : 1),
  },
};

export default function UsersPage() {
  const { user: viewer } = useAuth();
  const canEdit = holds(viewer?.permissions, 'admin.users.edit');
  const canAudit = holds(viewer?.permissions, 'admin.audit.view');
  const [disabling, setDisabling] = useState<AdminUser | null>(null);
  const toast = useToast();
  const users = useUsers();
  const roles = useRoles({ enabled: canEdit });
  const setActive = useSetUserActive();
  useLoadError(users.isError, 'Failed to load users');

  const runToggle = (user: AdminUser) => {
    const isActive = !user.is_active;
    setActive.mutate(
      { userId: user.id, isActive },
      {
        onSuccess: () => toast.success(`User ${isActive ? 'enabled' : 'disabled'} successfully`),
        onError: (err) => toast.error(serverMessage(err, 'Failed to update user status')),
        onSettled: () => setDisabling(null),
      },
    );
  };
  const onToggle = (user: AdminUser) => (user.is_active ? setDisabling(user) : runToggle(user));

  const allRoles = roles.data?.roles.map(({ id, name }) => ({ id, name })) ?? [];
  const columns: Column<AdminUser>[] = [
    { key: 'id', header: 'ID', className: 'admin__id', render: (u) => <IdCell id={u.id} /> },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    {
      key: 'organization',
      header: 'Organization',
      render: (u) => (u.organization ? `${u.organization.name}${u.organization.role ? ` (${u.organization.role})` : ''}` : <span className="muted">none</span>),
    },
    { key: 'roles', header: 'Roles', render: (u) => <UserRoles user={u} allRoles={allRoles} canEdit={canEdit} viewerId={viewer?.id ?? null} /> },
    {
      key: 'is_active',
      header: 'Status',
      render: (u) =>
        canEdit ? (
          <div className="user-status">
            <StatusBadge active={u.is_active} />
            <button
              type="button"
              className={`button button--small ${u.is_active ? 'button--secondary' : 'button--primary'}`}
              aria-label={`${u.is_active ? 'Disable' : 'Enable'} ${u.email}`}
              onClick={() => onToggle(u)}
            >
              {u.is_active ? 'Disable' : 'Enable'}
            </button>
          </div>
        ) : (
          <StatusIcon active={u.is_active} />
        ),
    },
    ...(canAudit ? [{ key: 'history', header: 'History', actions: true, render: (u: AdminUser) => <HistoryLink kind="user" id={u.id} label={u.email} /> }] : []),
  ];

  return (
    <div className="admin-page">
      <h1>Users</h1>
      <LocalPagedTable
        columns={columns}
        items={users.data ?? []}
        paging={paging}
        sortFields={sortFields}
        rowKey={(u) => u.id}
        isLoading={users.isPending}
        loadError={loadFailure(users, 'The users could not be loaded.')}
        emptyText="No users."
        searchPlaceholder="Search users..."
      />
      <ConfirmDialog
        open={disabling !== null}
        title="Disable user?"
        confirmLabel="Disable"
        busy={setActive.isPending}
        onConfirm={() => disabling && runToggle(disabling)}
        onCancel={() => setDisabling(null)}
      >
        <p>
          Disable <strong>{disabling?.email}</strong>
          {disabling?.id === viewer?.id ? ' (your own account)' : ''}? They are signed out of the app and told that their account is not
          active until it is enabled again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
