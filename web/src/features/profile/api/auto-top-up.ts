import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPut, type ApiBody } from '../../../lib/api-contract';
import { billingKeys } from './get-billing';

export type AutoTopUpSettings = ApiBody<'/api/me/auto-top-up', 'put'>;

/** Saves the organization's auto top-up; the billing answer carries it back. */
export const saveAutoTopUp = (body: AutoTopUpSettings) => apiPut('/api/me/auto-top-up', { body });

export function useSaveAutoTopUp() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveAutoTopUp, onSuccess: () => client.invalidateQueries({ queryKey: billingKeys.all }) });
}
