import { useEffect } from 'react';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { useAuth } from '../../../lib/auth/hooks';
import { useCurrentPlan } from '../api/get-current-plan';
import { usePublicPlans } from '../api/get-public-plans';
import { PlanTile } from './PlanTile';
import '../pricing.css';

export default function PricingPage() {
  const { status } = useAuth();
  const plans = usePublicPlans();
  const current = useCurrentPlan(status === 'signedIn');
  const toast = useToast();

  useEffect(() => {
    if (plans.isError) toast.error('Failed to load plans.');
  }, [plans.isError, toast]);

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
            <PlanTile key={plan.id} plan={plan} current={current.data?.id === plan.id} />
          ))}
          {plans.data?.length === 0 && <p className="muted">No plans are on offer right now.</p>}
        </div>
      )}
    </div>
  );
}
