import { serverMessage } from '../../../lib/api';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { useToast } from '../../../components/Toast';
import { authRedirectDelayMs } from '../../../config';
import { useDocumentTitle } from '../../../lib/title';
import { paths } from '../../../paths';
import { useAuth } from '../../../lib/auth/hooks';
import { managesBilling, useMyOrganization } from '../../../lib/account';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { liveSubscription, useBilling } from '../../../lib/billing';
import { formatDate } from '../../../lib/format';
import { useCurrentPlan } from '../api/get-current-plan';
import { usePlan } from '../api/get-plan';
import { usePublicPlans } from '../api/get-public-plans';
import { checkoutTexts, rememberCheckout } from '../checkout-kind';
import { changeLabel, creditLines, priceLabel } from '../format';
import '../pricing.css';

/** The browser leaves for the checkout: our own simulator page in-app, Stripe's hosted page otherwise. */
function goTo(url: string, navigate: ReturnType<typeof useNavigate>) {
  if (url.startsWith('/')) navigate(url);
  else window.location.assign(url);
}

export default function SubscribePage() {
  const { id = '' } = useParams();
  const { status } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  const plan = usePlan(id);
  const current = useCurrentPlan(status === 'signedIn');
  // A member's organization buys through its owners and billing members (the server refuses a member's checkout).
  const organization = useMyOrganization();
  const memberOnly = organization !== null && !managesBilling(organization.role);
  const monthly = Boolean(current.data && !current.data.is_one_time);
  const billing = useBilling(monthly);
  const plans = usePublicPlans();
  useDocumentTitle(plan.data ? `${plan.data.is_one_time ? 'Buy' : 'Subscribe to'} ${plan.data.name}` : 'Subscribe');
  const checkout = useCreateCheckoutSession();
  const warned = useRef(false);

  useEffect(() => {
    if (status !== 'signedOut' || warned.current) return;
    warned.current = true;
    toast.warning('Please log in first');
    const timer = window.setTimeout(() => navigate(paths.login.getHref(paths.subscribe.getHref(id)), { replace: true }), authRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [status, id, navigate, toast]);

  useEffect(() => {
    if (plan.isError) toast.error('Failed to load plan.');
  }, [plan.isError, toast]);

  if (status === 'signedOut') return <p className="page page--narrow subscribe__warning">Please log in first</p>;
  if (plan.isPending || status === 'loading') return <Loading />;
  if (!plan.data) return <p className="page page--narrow muted">This plan could not be loaded.</p>;

  const kind = plan.data.is_one_time ? 'one_time' : 'subscription';
  const currentPlan = current.data ?? null;
  const alreadyOn = !plan.data.is_one_time && currentPlan?.id === plan.data.id;
  const start = () =>
    checkout.mutate(plan.data.id, {
      onSuccess: ({ url }) => {
        // A pack or a first plan adds credits once paid; a change of plan may add none at once.
        rememberCheckout(kind, kind === 'one_time' || !live ? (organization?.credits ?? null) : null);
        goTo(url, navigate);
      },
      // The server's own words: a plan change already pending, Stripe unreachable (502)...
      onError: (err) => toast.error(serverMessage(err, 'Stripe checkout failed')),
    });

  // A change of monthly plan: what it does is said on the button, and a scheduled downgrade can be called off here.
  const live = monthly && !plan.data.is_one_time ? liveSubscription(billing.data) : null;
  const from = formatDate(live?.currentPeriodEnd ?? null);
  const pending = live && !live.cancelAtPeriodEnd ? live.pendingPlanId : null;
  const pendingName = pending ? (plans.data?.find((p) => p.id === pending)?.name ?? pending) : null;
  const currentPriced = currentPlan ? plans.data?.find((p) => p.id === currentPlan.id) : undefined;
  let action: string = checkoutTexts[kind].action;
  let blocked = alreadyOn;
  let note: string | null = null;
  if (memberOnly) {
    blocked = true;
    note = "Only your organization's owners and billing members can buy plans and credits.";
  } else if (live && alreadyOn && pending) {
    action = `Keep ${plan.data.name}`;
    blocked = false;
    note = `${pendingName} is scheduled from ${from}. Keep ${plan.data.name} to call the change off.`;
  } else if (live && !alreadyOn && pending === plan.data.id) {
    action = `${plan.data.name} from ${from}`;
    blocked = true;
    note = `This change is already scheduled.`;
  } else if (live && !alreadyOn && pending) {
    blocked = true;
    note = `${pendingName} is scheduled from ${from}: keep ${currentPlan?.name} first to choose another plan.`;
  } else if (live && !alreadyOn && currentPriced) {
    action = changeLabel(plan.data, currentPriced, live.currentPeriodEnd, from);
  }
  const waiting = Boolean(live?.requestedPlanId);
  // Until the plan in force is known, the button cannot say whether it starts a plan or changes one.
  const knowing = current.isPending || (monthly && (billing.isPending || plans.isPending));

  return (
    <div className="page page--narrow subscribe">
      <section className="card subscribe__card" aria-labelledby="subscribe-title">
        <p className="eyebrow">{plan.data.is_one_time ? 'Buy credits' : live ? 'Change plan' : 'Subscribe'}</p>
        <h1 id="subscribe-title">{plan.data.name}</h1>
        {plan.data.description && <p className="lead">{plan.data.description}</p>}
        <ul className="plan-tile__credits">
          {creditLines(plan.data).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="plan-tile__price">{priceLabel(plan.data)}</p>
        {currentPlan && (
          <p className="subscribe__current" data-testid="current-plan">
            {alreadyOn ? (
              <>This is your current plan.</>
            ) : (
              <>
                Your current plan: <strong>{currentPlan.name}</strong>.
              </>
            )}
          </p>
        )}
        {note && (
          <p className="muted" data-testid="change-note">
            {note}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--large"
          disabled={blocked || waiting || knowing || checkout.isPending || checkout.isSuccess}
          onClick={start}
        >
          {checkout.isPending ? 'Starting...' : action}
        </button>
      </section>
    </div>
  );
}
