import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-contract';
import type { PlanChanges, PlanInput } from '../types';
import { billingAdminKeys } from './keys';

export const createPlan = (input: PlanInput) => apiPost('/api/admin/subscriptions', { body: input });

export const updatePlan = ({ id, changes }: { id: string; changes: PlanChanges }) =>
  apiPut('/api/admin/subscriptions/{id}', { params: { id }, body: changes });

/** The server answers once the plans read model shows the change, so the list is refetched at once. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSettled: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }) });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSettled: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }) });
}
