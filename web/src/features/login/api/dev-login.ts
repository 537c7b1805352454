import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, type ApiBody } from '../../../lib/api-contract';
import { getMeQueryOptions } from '../../../lib/auth/api';

export type DevLoginInput = ApiBody<'/api/auth/dev-login', 'post'>;

export const devLogin = (input: DevLoginInput) => apiPost('/api/auth/dev-login', { body: input });

export function useDevLogin(options: { onSuccess?: (answer: Awaited<ReturnType<typeof devLogin>>) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: devLogin,
    onSuccess: async (answer) => {
      // Fetch the session's user before leaving, so the next page never sees a stale "signed out".
      await queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0 });
      options.onSuccess?.(answer);
    },
  });
}
