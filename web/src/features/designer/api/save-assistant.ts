import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-contract';
import { designerKeys } from './keys';
import type { AssistantInput } from './types';

export const saveAssistant = ({ id, input }: { id?: string | null; input: AssistantInput }) =>
  id ? apiPut('/api/admin/assistants/{id}', { params: { id }, body: input }) : apiPost('/api/admin/assistants', { body: input });

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
