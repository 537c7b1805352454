import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { getMeQueryOptions } from './get-me';

export interface DevLoginInput {
  email: string;
  name: string;
}

export const devLogin = (input: DevLoginInput) =>
  apiFetch<unknown>('/api/auth/dev-login', { method: 'POST', body: input });

export function useDevLogin(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devLogin,
    onSuccess: async () => {
      // Fetch the session's user before leaving, so the next page never sees a stale "signed out".
      await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
      options.onSuccess?.();
    },
  });
}
