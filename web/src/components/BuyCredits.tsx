import { Link } from 'react-router-dom';
import { managesBilling, useMyOrganization } from '../lib/account';
import { paths } from '../paths';

/**
 * Where more credits come from, said to whoever reads it: a link to /pricing for those who may buy
 * (owners and billing members, and anyone not yet known to be only a member), otherwise who may.
 */
export function BuyCredits({ label = 'Buy credits' }: { label?: string }) {
  const organization = useMyOrganization();
  if (organization && !managesBilling(organization.role)) return <span data-testid="buy-credits-who">Your organization's owners and billing members can buy more.</span>;
  return <Link to={paths.pricing.path}>{label}</Link>;
}
