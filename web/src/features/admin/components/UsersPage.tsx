import { Link } from 'react-router-dom';
import { LocalPagedTable } from '../../../components/LocalPagedTable';
import type { Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { paths } from '../../../paths';
import { useAuth } from '../../auth/api/get-me';
import { holds } from '../../auth/permissions';
import { useRoles } from '../api/get-roles';
import { useUsers } from '../api/get-users';
import { useSetUserActive } from '../api/set-user-active';
import { useLoadError } from '../hooks/use-load-error';
import type { AdminUser } from '../types';
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
  const toast = useToast();
  const users = useUsers();
  const roles = useRoles({ enabled: canEdit });
  const setActive = useSetUserActive();
  useLoadError(users.isError, 'Failed to load users');

  const onToggle = (user: AdminUser) => {
    const isActive = !user.is_active;
    setActive.mutate(
      { userId: user.id, isActive },
      {
        onSuccess: () => toast.success(`User ${isActive ? 'enabled' : 'disabled'} successfully`),
        onError: () => toast.error('Failed to update user status'),
      },
    );
  };

  const allRoles = roles.data?.roles.map(({ id, name }) => ({ id, name })) ?? [];
  const columns: Column<AdminUser>[] = [
    { key: 'id', header: 'ID', className: 'admin__id', render: (u) => <code title={u.id}>{u.id}</code> },
    { key: 'name', header: 'Name' },
    { key: 'email', header: 'Email' },
    { key: 'roles', header: 'Roles', render: (u) => <UserRoles user={u} allRoles={allRoles} canEdit={canEdit} /> },
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
    {
      key: 'history',
      header: 'History',
      render: (u) => (
        <Link to={paths.admin.history.getHref('user', u.id)} className="button button--small button--secondary" aria-label={`History of ${u.email}`}>
          History
        </Link>
      ),
    },
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
        emptyText="No users."
        searchPlaceholder="Search users..."
      />
    </div>
  );
}
