import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';
import { designerKeys } from './keys';
import type { FunctionInput } from './types';

export const addFunction = ({ assistantId, input }: { assistantId: string; input: FunctionInput }) =>
  apiPost('/api/admin/assistants/{id}/functions', { params: { id: assistantId }, body: input });

export function useAddFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFunction,
    onSuccess: (_answer, { assistantId }) => queryClient.invalidateQueries({ queryKey: designerKeys.assistant(assistantId) }),
  });
}
