import { ValidationError } from './errors.ts';

/** The member's organization, or a clear 400 when they have none yet. */
export function memberOrg(user: { organization_id: string | null } | null | undefined): string {
  const orgId = user?.organization_id;
  if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
  return orgId;
}
