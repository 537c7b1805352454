import { useQuery } from '@tanstack/react-query';
import { myProfileQueryOptions } from '../../../lib/account';

/** The plan the signed-in user's organization is on, or null. */
export const useCurrentPlan = (enabled: boolean) =>
  useQuery({ ...myProfileQueryOptions(), enabled, retry: false, select: (profile) => profile.organization?.subscription ?? null });
