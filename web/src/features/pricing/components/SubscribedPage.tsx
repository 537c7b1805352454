import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../../lib/account';
import { plural, formatNumber } from '../../../lib/format';
import { paths } from '../../../paths';
import { balanceBeforeCheckout, checkoutKind, checkoutTexts, rememberCheckout, type CheckoutKind } from '../checkout-kind';
import '../pricing.css';

/** How long /subscribed watches for the credits before it says where they will show. */
const WATCH_MS = 60_000;

/** Watches the organization's balance until the checkout's credits have arrived, and says so. */
function CreditsArrival({ before, kind }: { before: number; kind: CheckoutKind }) {
  const [late, setLate] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setLate(true), WATCH_MS);
    return () => window.clearTimeout(timer);
  }, []);
  const profile = useQuery({
    ...myProfileQueryOptions(),
    refetchInterval: (query) => ((query.state.data?.organization?.credits ?? before) > before || late ? false : 1000),
  });
  const balance = profile.data?.organization?.credits;
  const arrived = balance !== undefined && balance > before;
  // Said once: coming back to this page later compares with nothing.
  useEffect(() => {
    if (arrived) rememberCheckout(kind, null);
  }, [arrived, kind]);
  if (balance === undefined) return null;
  if (arrived) {
    return (
      <p role="status" className="subscribed__arrival" data-testid="credits-arrived">
        {plural(balance - before, 'credit')} arrived: your organization's balance is {formatNumber(balance)}.
      </p>
    );
  }
  return (
    <p role="status" className="muted subscribed__arrival" data-testid="credits-waiting">
      {late ? (
        <>
          Not here yet: they show on your <Link to={paths.profile.path}>profile</Link> as soon as the payment goes through.
        </>
      ) : (
        <>Waiting for the payment to go through…</>
      )}
    </p>
  );
}

export default function SubscribedPage() {
  const kind = checkoutKind(useLocation().search);
  const texts = checkoutTexts[kind];
  const [before] = useState(balanceBeforeCheckout);
  return (
    <div className="page page--narrow">
      <section className="card notice subscribed">
        <h1>{texts.thanks}</h1>
        <p>{texts.detail}</p>
        {before !== null && <CreditsArrival before={before} kind={kind} />}
        <Link to={paths.projects.path} className="button button--primary">
          Go to Projects
        </Link>
      </section>
    </div>
  );
}
