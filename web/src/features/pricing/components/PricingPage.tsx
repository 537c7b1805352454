import { useEffect } from 'react';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { serverMessage } from '../../../lib/api';
import { useAuth } from '../../../lib/auth/hooks';
import { liveSubscription, useBilling, useKeepPlan } from '../../../lib/billing';
import { formatDate } from '../../../lib/format';
import { useCurrentPlan } from '../api/get-current-plan';
import { usePublicPlans } from '../api/get-public-plans';
import { PlanTile, type Scheduled } from './PlanTile';
import '../pricing.css';

export default function PricingPage() {
  const { status } = useAuth();
  const plans = usePublicPlans();
  const current = useCurrentPlan(status === 'signedIn');
  const monthly = Boolean(current.data && !current.data.is_one_time);
  const billing = useBilling(monthly);
  const keep = useKeepPlan();
  const toast = useToast();

  useEffect(() => {
    if (plans.isError) toast.error('Failed to load plans.');
  }, [plans.isError, toast]);

  const live = monthly ? liveSubscription(billing.data) : null;
  const pendingId = live && !live.cancelAtPeriodEnd ? live.pendingPlanId : null;
  const scheduled: Scheduled | null =
    pendingId && current.data
      ? {
          planId: pendingId,
          planName: plans.data?.find((p) => p.id === pendingId)?.name ?? pendingId,
          from: formatDate(live!.currentPeriodEnd),
          keep:
            keep.isPending || live!.requestedPlanId
              ? null
              : () =>
                  keep.mutate(current.data!.id, {
                    onSuccess: () => toast.success(`You stay on ${current.data!.name}: the scheduled change is called off.`),
                    onError: (err) => toast.error(serverMessage(err, 'The scheduled change could not be called off')),
                  }),
        }
      : null;

  return (
    <div className="page pricing">
      <header className="page-header">
        <p className="eyebrow">Pricing</p>
        <h1>Plans for every stage of your business</h1>
        <p className="lead">Credits pay for your advisory board's work. Pick a monthly plan, or top up with a one-time pack.</p>
      </header>
      {plans.isPending ? (
        <Loading />
      ) : (
        <div className="pricing__grid">
          {(plans.data ?? []).map((plan) => (
            <PlanTile key={plan.id} plan={plan} current={current.data?.id === plan.id} scheduled={scheduled} />
          ))}
          {plans.data?.length === 0 && <p className="muted">No plans are on offer right now.</p>}
        </div>
      )}
    </div>
  );
}
