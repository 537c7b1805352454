import { Link, useNavigate } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { liveSubscription, useBilling } from '../../../lib/billing';
import { formatDate } from '../../../lib/format';
import { paths } from '../../../paths';
import { useSimPortal, type PortalAction } from '../api/sim-portal';
import '../billing.css';

/**
 * Stands in for Stripe's billing portal when no Stripe key is configured: the subscription's state, and
 * only what applies to it (cancel a renewing one, resume one that cancels, switch plans).
 */
export default function PortalSimPage() {
  const billing = useBilling(true);
  const portal = useSimPortal();
  const navigate = useNavigate();
  const toast = useToast();
  const act = (action: PortalAction) => portal.mutate(action, { onSuccess: ({ url }) => navigate(url), onError: (err) => toast.error(err.message) });
  if (billing.isPending) return <Loading />;
  const live = liveSubscription(billing.data);
  return (
    <div className="page page--narrow sim-checkout">
      <section className="card sim-checkout__card" aria-labelledby="portal-title">
        <p className="sim-checkout__banner">Test billing portal: no payment provider is configured.</p>
        <h1 id="portal-title">Manage billing</h1>
        <p data-testid="portal-state" className={live ? undefined : 'muted'}>
          {!live ? 'No active subscription.' : live.cancelAtPeriodEnd ? `Your subscription cancels on ${formatDate(live.currentPeriodEnd)}.` : `Your subscription renews on ${formatDate(live.currentPeriodEnd)}.`}
        </p>
        <div className="sim-checkout__actions">
          {live && !live.cancelAtPeriodEnd && (
            <button type="button" className="button button--secondary" disabled={portal.isPending} onClick={() => act('cancel')}>
              Cancel at period end
            </button>
          )}
          {live?.cancelAtPeriodEnd && (
            <button type="button" className="button button--secondary" disabled={portal.isPending} onClick={() => act('resume')}>
              Resume
            </button>
          )}
          <Link to={paths.pricing.path} className="button button--gold">
            {live ? 'Switch plan' : 'Choose a plan'}
          </Link>
        </div>
      </section>
    </div>
  );
}
