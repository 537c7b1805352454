import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import type { ProfileInput } from '../types';

export const updateProfile = (input: ProfileInput) => apiPost('/api/me/profile/update', { body: input });

/** The server answers after its read models show the change, so everything refetched is fresh (the current user too). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
