import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { designerKeys } from './keys';
import type { Component, ComponentInput } from './types';

export const saveComponent = ({ id, input }: { id?: string; input: ComponentInput }) =>
  apiFetch<{ success: true; id: string; data: Component }>(id ? `/api/admin/components/${id}` : '/api/admin/components', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export function useSaveComponent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComponent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: designerKeys.components() }),
  });
}
