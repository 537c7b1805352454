import { Link, useNavigate } from 'react-router-dom';
import { useToast } from '../../../components/Toast';
import { paths } from '../../../paths';
import { useSimPortal, type PortalAction } from '../api/sim-portal';
import '../billing.css';

/** Stands in for Stripe's billing portal when no Stripe key is configured. */
export default function PortalSimPage() {
  const portal = useSimPortal();
  const navigate = useNavigate();
  const toast = useToast();
  const act = (action: PortalAction) => portal.mutate(action, { onSuccess: ({ url }) => navigate(url), onError: (err) => toast.error(err.message) });
  return (
    <div className="page page--narrow sim-checkout">
      <section className="card sim-checkout__card" aria-labelledby="portal-title">
        <p className="sim-checkout__banner">Test billing portal: no payment provider is configured.</p>
        <h1 id="portal-title">Manage billing</h1>
        <div className="sim-checkout__actions">
          <button type="button" className="button button--secondary" disabled={portal.isPending} onClick={() => act('cancel')}>
            Cancel at period end
          </button>
          <button type="button" className="button button--secondary" disabled={portal.isPending} onClick={() => act('resume')}>
            Resume
          </button>
          <Link to={paths.pricing.path} className="button button--gold">
            Switch plan
          </Link>
        </div>
      </section>
    </div>
  );
}
