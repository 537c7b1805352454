import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { TestEventKind } from '../types';
import { billingAdminKeys } from './keys';

export const getSimulator = () => apiFetch<{ mode: 'stripe' | 'simulator' | 'off'; testEvents: boolean }>('/api/admin/stripe/simulator');

export const useSimulator = () => useQuery(queryOptions({ queryKey: billingAdminKeys.simulator(), queryFn: getSimulator, retry: false }));

/** Organizations to send an event for (admins who may not list them type an id instead). */
export const getOrgOptions = () => apiFetch<{ id: string; name: string }[]>('/api/admin/orgs');

export const useOrgOptions = (enabled: boolean) =>
  useQuery({ ...queryOptions({ queryKey: billingAdminKeys.orgOptions(), queryFn: getOrgOptions, retry: false }), enabled });

export const sendTestEvent = (input: { orgId: string; kind: TestEventKind }) =>
  apiFetch<{ eventId: string; type: string }>('/api/admin/stripe/test-events', { method: 'POST', body: input });

/** The event reaches the tables a moment later (the worker applies it): they are refetched now and a few times after. */
export function useSendTestEvent() {
  const queryClient = useQueryClient();
  const refresh = () => {
    queryClient.invalidateQueries({ queryKey: billingAdminKeys.transactions() });
    queryClient.invalidateQueries({ queryKey: billingAdminKeys.webhookLog() });
  };
  return useMutation({
    mutationFn: sendTestEvent,
    onSuccess: () => {
      refresh();
      for (const ms of [1000, 3000, 6000]) window.setTimeout(refresh, ms);
    },
  });
}
