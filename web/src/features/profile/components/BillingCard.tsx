import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { liveSubscription, useKeepPlan } from '../../../lib/billing';
import { formatDate, formatNumber, formatUsd } from '../../../lib/format';
import { useCreatePortalSession } from '../api/create-portal-session';
import { useBilling, usePlanNames } from '../api/get-billing';

/**
 * The organization's subscription as Stripe has it: a scheduled change (and keeping the plan in force), a
 * cancellation, and "Manage billing" (`mayManage`: an owner or a billing member; a member reads the state only).
 */
export function BillingCard({ hasOrganization, mayManage }: { hasOrganization: boolean; mayManage: boolean }) {
  const billing = useBilling(hasOrganization);
  const names = usePlanNames(hasOrganization);
  const portal = useCreatePortalSession();
  const keep = useKeepPlan();
  const toast = useToast();
  if (!hasOrganization || !billing.data) return null;
  const live = liveSubscription(billing.data);
  const nameOf = (planId: string) => (Array.isArray(names.data) ? names.data.find((p) => String(p.id) === planId)?.name : undefined) ?? planId;
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toast.error(err.message),
    });
  const inForce = live?.planId ?? null;
  const keepPlan = () =>
    inForce &&
    keep.mutate(inForce, {
      onSuccess: () => toast.success(`You stay on ${nameOf(inForce)}: the scheduled change is called off.`),
      onError: (err) => toast.error(serverMessage(err, 'The scheduled change could not be called off')),
    });
  const scheduled = live && !live.cancelAtPeriodEnd && live.pendingPlanId ? live.pendingPlanId : null;
  return (
    <section className="card profile-billing" aria-labelledby="billing-title">
      <p className="eyebrow" id="billing-title">
        Billing
      </p>
      {live ? (
        <p data-testid="billing-state">
          {live.cancelAtPeriodEnd
            ? `Cancels on ${formatDate(live.currentPeriodEnd)}`
            : scheduled
              ? `${nameOf(scheduled)} from ${formatDate(live.currentPeriodEnd)}`
              : `Renews on ${formatDate(live.currentPeriodEnd)}`}
        </p>
      ) : (
        <p className="muted" data-testid="billing-state">
          No active subscription
        </p>
      )}
      {billing.data.replaced.map((r) => (
        <p className="muted" data-testid="billing-replaced" key={r.subscriptionId}>
          {`A second subscription started on ${formatDate(r.at)}: your earlier ${r.planId ? nameOf(r.planId) : ''} subscription was cancelled so you are not billed twice; ${formatUsd(r.refundCents / 100)} refunded for its unused part, ${formatNumber(r.creditsRevoked)} of its unspent credits returned.`.replace('  ', ' ')}
        </p>
      ))}
      {mayManage ? (
        <div className="profile-billing__actions">
          {scheduled && inForce && (
            <button type="button" className="button button--primary" onClick={keepPlan} disabled={keep.isPending || Boolean(live?.requestedPlanId)}>
              {keep.isPending ? 'Keeping…' : `Keep ${nameOf(inForce)}`}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={open} disabled={portal.isPending}>
            Manage billing
          </button>
        </div>
      ) : (
        <p className="muted" data-testid="billing-managed-by">
          Your organization's owners and billing members manage its plan and payments.
        </p>
      )}
    </section>
  );
}
