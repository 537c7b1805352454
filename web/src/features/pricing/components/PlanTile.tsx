import { Link } from 'react-router-dom';
import { paths } from '../../../paths';
import { chooseLabel, creditLines, priceLabel } from '../format';
import type { Plan } from '../types';

export function PlanTile({ plan, current }: { plan: Plan; current: boolean }) {
  return (
    <article className={`card plan-tile${current ? ' plan-tile--current' : ''}`} aria-labelledby={`plan-${plan.id}`}>
      <header className="plan-tile__header">
        <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
        {current && <span className="plan-tile__badge">Current</span>}
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
        {current ? (
          <button type="button" className="button button--secondary button--block" disabled>
            Selected
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
