import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { planKeys } from './keys';

interface ProfileSubscription {
  organization: { subscription: { id: string } | null } | null;
}

/** The id of the plan the signed-in user's organization is on, or null. */
export const getCurrentPlanId = () =>
  apiFetch<ProfileSubscription>('/api/me/profile').then((profile) => profile.organization?.subscription?.id ?? null);

export const getCurrentPlanQueryOptions = () =>
  queryOptions({ queryKey: planKeys.current(), queryFn: getCurrentPlanId, staleTime: 0, retry: false });

export const useCurrentPlanId = (enabled: boolean) => useQuery({ ...getCurrentPlanQueryOptions(), enabled });
