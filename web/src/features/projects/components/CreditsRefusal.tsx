import { Link } from 'react-router-dom';
import { ApiError, serverMessage } from '../../../lib/api';
import { paths } from '../../../paths';
import { BuyCredits } from '../../../components/BuyCredits';

/** Why the board did not take a question: for missing credits, what is available and where to buy more; for a budget, its words and where budgets are. */
export default function CreditsRefusal({ error }: { error: unknown }) {
  const refused = error instanceof ApiError && error.status === 402 ? ((error.body ?? {}) as { error?: string; available?: number }) : null;
  if (refused?.error === 'budget_exceeded') {
    return (
      <p className="board-refusal" role="alert">
        {serverMessage(error, 'A budget has no room for this question.')} <Link to={paths.org.path}>See the budgets</Link>
      </p>
    );
  }
  if (refused) {
    return (
      <p className="board-refusal" role="alert">
        Your organization does not have enough credits for this question ({refused.available ?? 0} available).{' '}
        <BuyCredits label="Buy credits on the pricing page" />
      </p>
    );
  }
  return (
    <p className="board-refusal" role="alert">
      {serverMessage(error, 'The board could not take this question. Try again.')}
    </p>
  );
}
