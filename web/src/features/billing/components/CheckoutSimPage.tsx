import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { formatMoney, formatNumber } from '../../../lib/format';
import { paths } from '../../../paths';
import { useFinishSimCheckout, type SimAction } from '../api/finish-sim-checkout';
import { useSimCheckout } from '../api/get-sim-checkout';
import '../billing.css';

/** Stands in for Stripe's hosted checkout when no Stripe key is configured: no card, just Pay or Cancel. */
export default function CheckoutSimPage() {
  const { id = '' } = useParams();
  const session = useSimCheckout(id);
  const finish = useFinishSimCheckout();
  const navigate = useNavigate();
  const toast = useToast();

  useEffect(() => {
    if (session.isError) toast.error('Failed to load checkout');
  }, [session.isError, toast]);

  if (session.isPending) return <Loading />;
  if (!session.data) return <p className="page page--narrow muted">This checkout could not be found.</p>;
  const { plan, status } = session.data;

  const act = (action: SimAction) =>
    finish.mutate({ id, action }, { onSuccess: ({ url }) => navigate(url), onError: (err) => toast.error(err.message) });

  return (
    <div className="page page--narrow sim-checkout">
      <section className="card sim-checkout__card" aria-labelledby="sim-title">
        <p className="sim-checkout__banner">Test checkout: no payment provider is configured, no card is charged.</p>
        <p className="eyebrow">{session.data.mode === 'subscription' ? 'Subscribe to' : 'Pay for'}</p>
        <h1 id="sim-title">{plan.name}</h1>
        {plan.description && <p className="muted">{plan.description}</p>}
        <dl className="sim-checkout__facts">
          <dt>Price</dt>
          <dd data-testid="sim-price">
            {formatMoney(session.data.amount_total, session.data.currency)}
            {session.data.mode === 'subscription' ? ' per month' : ''}
          </dd>
          <dt>Credits</dt>
          <dd data-testid="sim-credits">
            {[plan.monthly_credits > 0 && `${formatNumber(plan.monthly_credits)} per month`, plan.one_time_credits > 0 && `${formatNumber(plan.one_time_credits)} one-time`]
              .filter(Boolean)
              .join(', ') || 'None'}
          </dd>
          <dt>Email</dt>
          <dd>{session.data.email}</dd>
        </dl>
        {status === 'open' ? (
          <div className="sim-checkout__actions">
            <button type="button" className="button button--primary button--large" disabled={finish.isPending} onClick={() => act('pay')}>
              Pay
            </button>
            <button type="button" className="button button--secondary button--large" disabled={finish.isPending} onClick={() => act('cancel')}>
              Cancel
            </button>
          </div>
        ) : (
          <p className="sim-checkout__done">
            {status === 'paid' ? 'This checkout is paid.' : 'This checkout was cancelled.'}{' '}
            <Link to={status === 'paid' ? paths.subscribed.path : paths.pricing.path}>Continue</Link>
          </p>
        )}
      </section>
    </div>
  );
}
