import { useEffect, useState } from 'react';
import { LocalPagedTable } from '../../../components/LocalPagedTable';
import { loadFailure } from '../../../components/LoadError';
import type { Column } from '../../../components/PagedTable';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { holds } from '../../../lib/auth/permissions';
import { formatNumber, formatUsd } from '../../../lib/format';
import { useAdminPlans } from '../api/get-admin-plans';
import { useCreatePlan, useUpdatePlan } from '../api/save-plan';
import { changedFields, fromPlanForm, type PlanForm } from '../plan-form';
import type { AdminPlan } from '../types';
import { PlanFormModal } from './PlanFormModal';
import '../admin-billing.css';

const yes = (on: boolean) => (on ? 'Yes' : 'No');

const paging = {
  text: (p: AdminPlan) => `${p.id} ${p.name} ${p.description}`,
  sortBy: {
    id: (p: AdminPlan) => p.id,
    name: (p: AdminPlan) => p.name,
    price_usd: (p: AdminPlan) => p.price_usd,
    monthly_credits: (p: AdminPlan) => p.monthly_credits,
  },
};

const sortFields = [
  { value: 'id', label: 'ID' },
  { value: 'name', label: 'Name' },
  { value: 'price_usd', label: 'Price' },
  { value: 'monthly_credits', label: 'Monthly credits' },
];

export default function SubscriptionsPage() {
  const { user } = useAuth();
  const canEdit = holds(user?.permissions, 'admin.subscriptions.edit');
  const plans = useAdminPlans();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const toast = useToast();
  const [editing, setEditing] = useState<AdminPlan | 'new' | null>(null);

  useEffect(() => {
    if (plans.isError) toast.error('Failed to load subscriptions');
  }, [plans.isError, toast]);

  const save = (form: PlanForm) => {
    const input = fromPlanForm(form);
    if (editing === 'new') {
      create.mutate(input, {
        onSuccess: () => {
          toast.success('Subscription created!');
          setEditing(null);
        },
        onError: (err) => toast.error(serverMessage(err, 'Failed to create subscription')),
      });
    } else if (editing) {
      update.mutate(
        { id: editing.id, changes: changedFields(editing, input) },
        {
          onSuccess: () => {
            toast.success('Subscription updated!');
            setEditing(null);
          },
          onError: (err) => toast.error(serverMessage(err, 'Failed to update subscription.')),
        },
      );
    }
  };

  const columns: Column<AdminPlan>[] = [
    { key: 'id', header: 'ID', className: 'admin__id', render: (p) => <code title={p.id}>{p.id}</code> },
    { key: 'name', header: 'Name' },
    { key: 'price_usd', header: 'Price', className: 'amount', render: (p) => formatUsd(p.price_usd) },
    { key: 'monthly_credits', header: 'Monthly credits', className: 'amount', render: (p) => formatNumber(p.monthly_credits) },
    { key: 'one_time_credits', header: 'One-time credits', className: 'amount', render: (p) => formatNumber(p.one_time_credits) },
    { key: 'is_one_time', header: 'One-time', render: (p) => yes(p.is_one_time) },
    { key: 'system_only', header: 'System only', render: (p) => yes(p.system_only) },
    { key: 'is_active', header: 'Active', render: (p) => yes(p.is_active) },
    {
      key: 'actions',
      header: 'Actions',
      actions: true,
      render: (p) =>
        canEdit ? (
          <button type="button" className="button button--small button--secondary" aria-label={`Edit ${p.name}`} onClick={() => setEditing(p)}>
            Edit
          </button>
        ) : null,
    },
  ];

  return (
    <div className="admin-page">
      <div className="admin-billing__heading">
        <h1>Subscriptions</h1>
        {canEdit && (
          <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
            Create Subscription
          </button>
        )}
      </div>
      <LocalPagedTable
        columns={columns}
        items={plans.data ?? []}
        paging={paging}
        sortFields={sortFields}
        rowKey={(p) => p.id}
        isLoading={plans.isPending}
        loadError={loadFailure(plans, 'The subscription plans could not be loaded.')}
        emptyText="No subscription plans."
      />
      {editing && (
        <PlanFormModal
          key={editing === 'new' ? 'new' : editing.id}
          open
          plan={editing === 'new' ? null : editing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </div>
  );
}
