import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-contract';
import { designerKeys } from './keys';

export const deleteFunction = ({ functionId }: { functionId: string; assistantId: string }) =>
  apiDelete('/api/admin/functions/{id}', { params: { id: functionId } });

export function useDeleteFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFunction,
    onSuccess: (_answer, { assistantId }) => queryClient.invalidateQueries({ queryKey: designerKeys.assistant(assistantId) }),
  });
}
