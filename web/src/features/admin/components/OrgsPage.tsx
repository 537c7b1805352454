import { Link } from 'react-router-dom';
import { LocalPagedTable } from '../../../components/LocalPagedTable';
import type { Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { paths } from '../../../paths';
import { useAuth } from '../../auth/api/get-me';
import { holds } from '../../auth/permissions';
import { useOrgs } from '../api/get-orgs';
import { useToggleOrg } from '../api/toggle-org';
import { useLoadError } from '../hooks/use-load-error';
import type { AdminOrg } from '../types';
import { StatusBadge } from './StatusBadge';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Name' },
  { value: 'is_active', label: 'Status' },
  { value: 'credit_balance', label: 'Credits' },
  { value: 'last_billing', label: 'Last Billing' },
];

const paging = {
  text: (o: AdminOrg) => `${o.id} ${o.name} ${o.subscription?.name ?? ''}`,
  sortBy: {
    id: (o: AdminOrg) => o.id,
    name: (o: AdminOrg) => o.name,
    is_active: (o: AdminOrg) => (o.is_active ? 0 : 1),
    credit_balance: (o: AdminOrg) => o.credit_balance,
    last_billing: (o: AdminOrg) => o.last_billing,
  },
};

export default function OrgsPage() {
  const { user } = useAuth();
  const canEdit = holds(user?.permissions, 'admin.orgs.edit');
  const toast = useToast();
  const orgs = useOrgs();
  const toggle = useToggleOrg();
  useLoadError(orgs.isError, 'Failed to load organizations');

  const onToggle = (org: AdminOrg) =>
    toggle.mutate(org.id, {
      onSuccess: () => toast.success('Org status updated'),
      onError: () => toast.error('Failed to update org status'),
    });

  const columns: Column<AdminOrg>[] = [
    { key: 'id', header: 'ID', className: 'admin__id', render: (o) => <code title={o.id}>{o.id}</code> },
    { key: 'name', header: 'Name' },
    { key: 'is_active', header: 'Status', render: (o) => <StatusBadge active={o.is_active} /> },
    { key: 'credit_balance', header: 'Credits', className: 'amount' },
    { key: 'last_billing', header: 'Last Billing', render: (o) => (o.last_billing ?? '').slice(0, 10) },
    { key: 'subscription', header: 'Subscription', render: (o) => o.subscription?.name ?? 'None' },
    {
      key: 'actions',
      header: 'Actions',
      render: (o) => (
        <div className="row-actions">
          {canEdit ? (
            <button
              type="button"
              className={`button button--small ${o.is_active ? 'button--secondary' : 'button--primary'}`}
              disabled={toggle.isPending && toggle.variables === o.id}
              aria-label={`${o.is_active ? 'Disable' : 'Enable'} ${o.name}`}
              onClick={() => onToggle(o)}
            >
              {o.is_active ? 'Disable' : 'Enable'}
            </button>
          ) : null}
          <Link to={paths.admin.history.getHref('org', o.id)} className="button button--small button--secondary" aria-label={`History of ${o.name}`}>
            History
          </Link>
        </div>
      ),
    },
  ];

  return (
    <div className="admin-page">
      <h1>Organizations</h1>
      <LocalPagedTable
        columns={columns}
        items={orgs.data ?? []}
        paging={paging}
        sortFields={sortFields}
        rowKey={(o) => o.id}
        isLoading={orgs.isPending}
        emptyText="No organizations."
        searchPlaceholder="Search organizations..."
      />
    </div>
  );
}
