import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import type { Profile, ProfileInput } from '../types';

export const updateProfile = (input: ProfileInput) =>
  apiFetch<{ success: true; user: Profile }>('/api/me/profile/update', { method: 'POST', body: input });

/** The server answers after its read models show the change, so everything refetched is fresh (the current user too). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
