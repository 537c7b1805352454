import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost, type ApiBody } from '../../../lib/api-contract';
import { billingAdminKeys } from './keys';

export const getSimulator = () => apiGet('/api/admin/stripe/simulator');

export const useSimulator = () => useQuery(queryOptions({ queryKey: billingAdminKeys.simulator(), queryFn: getSimulator, retry: false }));

/** Organizations to send an event for (admins who may not list them type an id instead). */
export const getOrgOptions = () => apiGet('/api/admin/orgs') as Promise<{ id: string; name: string }[]>;

export const useOrgOptions = (enabled: boolean) =>
  useQuery({ ...queryOptions({ queryKey: billingAdminKeys.orgOptions(), queryFn: getOrgOptions, retry: false }), enabled });

export const sendTestEvent = (input: ApiBody<'/api/admin/stripe/test-events', 'post'>) => apiPost('/api/admin/stripe/test-events', { body: input });

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
