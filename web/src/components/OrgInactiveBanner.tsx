import { Link } from 'react-router-dom';
import { useMyOrganization } from '../lib/account';
import { paths } from '../paths';
import './banner.css';

/** Tells a member that their organization was disabled (the server refuses its debits and new projects). */
export function OrgInactiveBanner() {
  const organization = useMyOrganization();
  if (!organization || organization.is_active) return null;
  return (
    <div className="banner banner--warning" role="alert" data-testid="org-inactive-banner">
      <strong>Your organization {organization.name} is disabled.</strong> An administrator disabled it: you cannot create projects or spend
      credits until it is enabled again. If you believe this is an error, please <Link to={paths.contact.path}>contact us</Link>.
    </div>
  );
}
