import { useToast } from '../../../components/Toast';
import { formatDate } from '../../../lib/format';
import { useCreatePortalSession } from '../api/create-portal-session';
import { useBilling, usePlanNames } from '../api/get-billing';

const LIVE = ['active', 'trialing', 'past_due'];

/** The organization's subscription as Stripe has it: a scheduled change, a cancellation, and "Manage billing". */
export function BillingCard({ hasOrganization }: { hasOrganization: boolean }) {
  const billing = useBilling(hasOrganization);
  const names = usePlanNames(hasOrganization);
  const portal = useCreatePortalSession();
  const toast = useToast();
  if (!hasOrganization || !billing.data) return null;
  const live = billing.data.subscriptions.find((s) => LIVE.includes(s.status)) ?? null;
  const nameOf = (planId: string) => (Array.isArray(names.data) ? names.data.find((p) => String(p.id) === planId)?.name : undefined) ?? planId;
  const open = () =>
    portal.mutate(undefined, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => toast.error(err.message),
    });
  return (
    <section className="card profile-billing" aria-labelledby="billing-title">
      <p className="eyebrow" id="billing-title">
        Billing
      </p>
      {live ? (
        <p data-testid="billing-state">
          {live.cancelAtPeriodEnd
            ? `Cancels on ${formatDate(live.currentPeriodEnd)}`
            : live.pendingPlanId
              ? `${nameOf(live.pendingPlanId)} from ${formatDate(live.currentPeriodEnd)}`
              : `Renews on ${formatDate(live.currentPeriodEnd)}`}
        </p>
      ) : (
        <p className="muted" data-testid="billing-state">
          No active subscription
        </p>
      )}
      <button type="button" className="button" onClick={open} disabled={portal.isPending}>
        Manage billing
      </button>
    </section>
  );
}
