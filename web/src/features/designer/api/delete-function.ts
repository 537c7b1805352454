import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';

export const deleteFunction = ({ functionId }: { functionId: string; assistantId: string }) =>
  apiFetch<{ success: true }>(`/api/admin/functions/${functionId}`, { method: 'DELETE' });

export function useDeleteFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFunction,
    onSuccess: (_answer, { assistantId }) => queryClient.invalidateQueries({ queryKey: designerKeys.assistant(assistantId) }),
  });
}
