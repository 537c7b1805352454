import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiPut } from '../../../lib/api-contract';
import { designerKeys } from './keys';
import type { ComponentInput } from './types';

export const saveComponent = ({ id, input }: { id?: string; input: ComponentInput }) =>
  id ? apiPut('/api/admin/components/{id}', { params: { id }, body: input }) : apiPost('/api/admin/components', { body: input });

export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComponent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designerKeys.components() }),
  });
}
