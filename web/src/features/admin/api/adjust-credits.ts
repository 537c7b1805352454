import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import type { GrantBody } from '../grant-form';
import { adminKeys } from './keys';

export const adjustCredits = ({ orgId, body }: { orgId: string; body: GrantBody }) =>
  apiPost('/api/admin/orgs/{id}/credits', { params: { id: orgId }, body });

/** Grants (or, negative, removes) credits; the organizations list is refetched. */
export function useAdjustCredits() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustCredits,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.orgs() }),
  });
}
