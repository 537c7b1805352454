import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { AdminPlan, PlanInput } from '../types';
import { billingAdminKeys } from './keys';

type Saved = { success: true; subscription: AdminPlan };

export const createPlan = (input: PlanInput) => apiFetch<Saved>('/api/admin/subscriptions', { method: 'POST', body: input });

export const updatePlan = ({ id, changes }: { id: string; changes: Partial<PlanInput> }) =>
  apiFetch<Saved>(`/api/admin/subscriptions/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });

/** The server answers once the plans read model shows the change, so the list is refetched at once. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlan, onSettled: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }) });
}

export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlan, onSettled: () => queryClient.invalidateQueries({ queryKey: billingAdminKeys.plans() }) });
}
