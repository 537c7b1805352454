import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Assistant, AssistantInput } from './types';

export const saveAssistant = ({ id, input }: { id?: string | null; input: AssistantInput }) =>
  apiFetch<{ success: true; id: string; data: Assistant }>(id ? `/api/admin/assistants/${id}` : '/api/admin/assistants', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export function useSaveAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAssistant,
    onSuccess: async (saved) => {
      queryClient.setQueryData(designerKeys.assistant(saved.id), saved.data);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: designerKeys.assistants() }),
        queryClient.invalidateQueries({ queryKey: designerKeys.tags() }),
      ]);
    },
  });
}
