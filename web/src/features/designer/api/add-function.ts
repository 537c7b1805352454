import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';

export interface FunctionInput {
  name: string;
  description: string;
  returns_component: string | null;
}

export const addFunction = ({ assistantId, input }: { assistantId: string; input: FunctionInput }) =>
  apiFetch<{ success: true; id: string }>(`/api/admin/assistants/${assistantId}/functions`, { method: 'POST', body: input });

export function useAddFunction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFunction,
    onSuccess: (_answer, { assistantId }) => queryClient.invalidateQueries({ queryKey: designerKeys.assistant(assistantId) }),
  });
}
