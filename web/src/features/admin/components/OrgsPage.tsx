import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LocalPagedTable } from '../../../components/LocalPagedTable';
import { loadFailure } from '../../../components/LoadError';
import type { Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useOrgs } from '../api/get-orgs';
import { useToggleOrg } from '../api/toggle-org';
import { useLoadError } from '../hooks/use-load-error';
import type { AdminOrg } from '../types';
import { AdjustCreditsModal } from './AdjustCreditsModal';
import { HistoryLink } from './HistoryLink';
import { IdCell } from './IdCell';
import { OrgBilling } from './OrgBilling';
import { OrgIntegrations } from './OrgIntegrations';
import { OrgMembers } from './OrgMembers';
import { StatusBadge } from './StatusBadge';

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Name' },
  { value: 'is_active', label: 'Status' },
  { value: 'credit_balance', label: 'Credits' },
  { value: 'last_billing', label: 'Last Billing' },
];

const paging = {
  text: (o: AdminOrg) => `${o.id} ${o.name} ${o.subscription?.name ?? ''} ${o.members.map((m) => `${m.name} ${m.email}`).join(' ')}`,
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
  const canAudit = holds(user?.permissions, 'admin.audit.view');
  const canBilling = holds(user?.permissions, 'admin.stripe.view');
  const [billingOf, setBillingOf] = useState<AdminOrg | null>(null);
  const toast = useToast();
  const orgs = useOrgs();
  const toggle = useToggleOrg();
  const [disabling, setDisabling] = useState<AdminOrg | null>(null);
  const [integrations, setIntegrations] = useState<AdminOrg | null>(null);
  const [adjusting, setAdjusting] = useState<AdminOrg | null>(null);
  const [membersOf, setMembersOf] = useState<string | null>(null);
  const showingMembers = orgs.data?.find((o) => o.id === membersOf) ?? null;
  useLoadError(orgs.isError, 'Failed to load organizations');

  const runToggle = (org: AdminOrg) =>
    toggle.mutate(org.id, {
      onSuccess: () => toast.success('Org status updated'),
      onError: (err) => toast.error(serverMessage(err, 'Failed to update org status')),
      onSettled: () => setDisabling(null),
    });
  const onToggle = (org: AdminOrg) => (org.is_active ? setDisabling(org) : runToggle(org));

  const columns: Column<AdminOrg>[] = [
    { key: 'id', header: 'ID', className: 'admin__id', render: (o) => <IdCell id={o.id} /> },
    {
      key: 'name',
      header: 'Name',
      // The organization's members under its name (the spec's columns, and nothing hidden under the actions at 1280 px).
      render: (o) => (
        <>
          <span>{o.name}</span>
          <span className="admin-org-members">
            {o.members.map((m) => `${m.email} (${m.role})`).join(', ') || 'no members'}
          </span>
        </>
      ),
    },
    { key: 'is_active', header: 'Status', render: (o) => <StatusBadge active={o.is_active} /> },
    { key: 'credit_balance', header: 'Credits', className: 'amount', render: (o) => formatNumber(o.credit_balance) },
    {
      key: 'last_billing',
      header: 'Last Billing',
      // The day and the time may go on two lines (the row is as tall as its actions), never a date broken at its hyphen.
      render: (o) => {
        const [day, ...time] = formatDateTime(o.last_billing).split(' ');
        return (
          <>
            <span className="nowrap">{day}</span> <span className="nowrap">{time.join(' ')}</span>
          </>
        );
      },
    },
    { key: 'subscription', header: 'Subscription', render: (o) => o.subscription?.name ?? 'None' },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
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
          {canEdit && (
            <button type="button" className="button button--small button--secondary" aria-label={`Credits of ${o.name}`} onClick={() => setAdjusting(o)}>
              Credits
            </button>
          )}
          <button type="button" className="button button--small button--secondary" aria-label={`Members of ${o.name}`} onClick={() => setMembersOf(o.id)}>
            Members
          </button>
          <button type="button" className="button button--small button--secondary" aria-label={`Integrations of ${o.name}`} onClick={() => setIntegrations(o)}>
            Integrations
          </button>
          {canAudit && <HistoryLink kind="org" id={o.id} label={o.name} />}
          {canBilling && (
            <button type="button" className="button button--small button--secondary" aria-label={`Billing of ${o.name}`} onClick={() => setBillingOf(o)}>
              Billing
            </button>
          )}
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
        loadError={loadFailure(orgs, 'The organizations could not be loaded.')}
        emptyText="No organizations."
        searchPlaceholder="Search organizations..."
      />
      {billingOf && <OrgBilling key={billingOf.id} orgId={billingOf.id} name={billingOf.name} />}
      {adjusting && <AdjustCreditsModal key={adjusting.id} org={adjusting} onClose={() => setAdjusting(null)} />}
      {showingMembers && <OrgMembers org={showingMembers} canEdit={canEdit} onClose={() => setMembersOf(null)} />}
      {integrations && <OrgIntegrations org={integrations} canEdit={canEdit} onClose={() => setIntegrations(null)} />}
      <ConfirmDialog
        open={disabling !== null}
        title="Disable organization?"
        confirmLabel="Disable"
        busy={toggle.isPending}
        onConfirm={() => disabling && runToggle(disabling)}
        onCancel={() => setDisabling(null)}
      >
        <p>
          Disable <strong>{disabling?.name}</strong>? Its members will see that it is disabled and can no longer spend credits or create
          projects until it is enabled again.
        </p>
      </ConfirmDialog>
    </div>
  );
}
