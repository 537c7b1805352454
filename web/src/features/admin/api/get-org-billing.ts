import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-contract';

/** What an organization has at Stripe: customer, plan, subscriptions (as /api/me/billing answers its members). */
export const getOrgBilling = (orgId: string) => apiGet('/api/admin/stripe/orgs/{orgId}/billing', { params: { orgId } });

export const orgBillingQueryOptions = (orgId: string) => queryOptions({ queryKey: ['admin-org-billing', orgId], queryFn: () => getOrgBilling(orgId) });
export const useOrgBilling = (orgId: string) => useQuery(orgBillingQueryOptions(orgId));
