import { Link } from 'react-router-dom';
import { formatDate, formatNumber } from '../../../lib/format';
import { paths } from '../../../paths';
import type { Profile } from '../types';

export function PlanCard({ organization }: { organization: Profile['organization'] }) {
  const plan = organization?.subscription ?? null;
  const cancelled = plan ? null : (organization?.cancelled_plan ?? null);
  return (
    <section className="card profile-plan" aria-labelledby="plan-title">
      <p className="eyebrow">Current plan</p>
      <h2 id="plan-title">{plan ? plan.name : cancelled ? 'Cancelled — credits remain until they expire' : 'No plan yet'}</h2>
      {plan ? (
        <>
          {plan.description && <p className="profile-plan__description">{plan.description}</p>}
          <p className="muted">
            {formatNumber(plan.monthly_credits)} credits {plan.is_one_time ? 'one-time' : 'per month'}
          </p>
        </>
      ) : cancelled ? (
        <p className="muted">
          Your {cancelled.name} plan was cancelled on {formatDate(cancelled.cancelled_at)}. Choose a plan to get new credits.
        </p>
      ) : (
        <p className="muted">Choose a plan to get credits for your organization.</p>
      )}
      <Link to={paths.pricing.path} className="button button--gold">
        Change Plan
      </Link>
    </section>
  );
}
