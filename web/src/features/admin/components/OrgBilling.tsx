import { ScrollTable } from '../../../components/ScrollTable';
import { formatDateTime } from '../../../lib/format';
import { useOrgBilling } from '../api/get-org-billing';

/** One organization's billing for admins: its Stripe customer and every subscription it has had. */
export function OrgBilling({ orgId, name }: { orgId: string; name: string }) {
  const billing = useOrgBilling(orgId);
  if (billing.isPending) return <p className="muted">Loading billing…</p>;
  if (!billing.data) return <p className="muted">The billing of {name} could not be loaded.</p>;
  const { customerId, plan, subscriptions } = billing.data;
  return (
    <section className="card" aria-label={`Billing of ${name}`} data-testid="org-billing">
      <h2>Billing of {name}</h2>
      <p>
        Customer: {customerId ? <code>{customerId}</code> : 'none yet'} · Plan: {plan?.name ?? 'none'}
      </p>
      {subscriptions.length === 0 ? (
        <p className="muted">No subscriptions yet.</p>
      ) : (
        <ScrollTable headers={['Subscription', 'Plan', 'Status', 'Period end', 'Scheduled']}>
          {subscriptions.map((s) => (
            <tr key={s.subscriptionId}>
              <td>
                <code>{s.subscriptionId}</code>
              </td>
              <td>{s.planId ?? '—'}</td>
              <td>
                {s.status}
                {s.cancelAtPeriodEnd ? ' (cancels at period end)' : ''}
              </td>
              <td className="nowrap">{formatDateTime(s.currentPeriodEnd)}</td>
              <td>{s.pendingPlanId ?? '—'}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
