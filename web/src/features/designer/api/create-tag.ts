import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { designerKeys } from './keys';
import type { Tag } from './types';

/** A name that exists already answers that tag's id. */
export const createTag = (input: { name: string; description?: string }) =>
  apiPost('/api/admin/tags', { body: { description: '', ...input } }).then((res): Pick<Tag, 'id' | 'name'> => ({ id: res.id, name: res.name }));

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designerKeys.tags() }),
  });
}
