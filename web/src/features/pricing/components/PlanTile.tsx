import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import { chooseLabel, creditLines, priceLabel } from '../format';
import type { Plan } from '../types';

/** A downgrade scheduled for the period's end, as the tiles show it. */
export interface Scheduled {
  /** The plan it moves to, and from when (a formatted date). */
  planId: string;
  planName: string;
  from: string;
  /** Calls it off (keeps the plan in force); null while it is being called off. */
  keep: (() => void) | null;
}

export function PlanTile({ plan, current, scheduled }: { plan: Plan; current: boolean; scheduled?: Scheduled | null }) {
  const upcoming = scheduled?.planId === plan.id;
  return (
    <article className={`card plan-tile${current ? ' plan-tile--current' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      <header className="plan-tile__header">
        <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
        {current && <span className="plan-tile__badge">Current</span>}
        {upcoming && <span className="plan-tile__badge">From {scheduled.from}</span>}
      </header>
      {plan.description && <p className="plan-tile__description">{plan.description}</p>}
      <p className="plan-tile__price">{priceLabel(plan)}</p>
      <ul className="plan-tile__credits">
        {creditLines(plan).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {plan.example_usages.length > 0 && (
        <ul className="plan-tile__usages">
          {plan.example_usages.map((usage) => (
            <li key={usage}>{usage}</li>
          ))}
        </ul>
      )}
      <div className="plan-tile__action">
        {current && scheduled ? (
          <>
            <p className="muted plan-tile__note">
              Moves to {scheduled.planName} on {scheduled.from}.
            </p>
            <button type="button" className="button button--primary button--block" onClick={() => scheduled.keep?.()} disabled={!scheduled.keep}>
              Keep {plan.name}
            </button>
          </>
        ) : current ? (
          <button type="button" className="button button--secondary button--block" disabled>
            Selected
          </button>
        ) : upcoming ? (
          <button type="button" className="button button--secondary button--block" disabled>
            Scheduled
          </button>
        ) : (
          <Link to={paths.subscribe.getHref(plan.id)} className="button button--primary button--block">
            {chooseLabel(plan)}
          </Link>
        )}
      </div>
    </article>
  );
}
