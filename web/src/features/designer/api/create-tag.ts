import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Tag } from './types';

/** A name that exists already answers that tag's id. */
export const createTag = (input: { name: string; description?: string }) =>
  apiFetch<{ id: string; name: string }>('/api/admin/tags', { method: 'POST', body: { description: '', ...input } }).then(
    (res): Tag => ({ id: res.id, name: res.name }),
  );

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designerKeys.tags() }),
  });
}
