import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPatch, apiPost } from '../../../lib/api-contract';
import { boardKeys } from './keys';

/** Stop, retry, write the synthesis again, rename and delete: each refreshes the project's transcript. */
export function useSteer(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
  const after = { onSuccess: refresh };
  return {
    stop: useMutation({ mutationFn: (sessionId: string) => apiPost('/api/sessions/{sessionId}/stop', { params: { sessionId }, body: {} }), ...after }),
    retry: useMutation({
      mutationFn: ({ sessionId, assistantId, round }: { sessionId: string; assistantId: string; round: number }) =>
        apiPost('/api/sessions/{sessionId}/retry', { params: { sessionId }, body: { assistantId, round } }),
    }),
    synthesize: useMutation({ mutationFn: (sessionId: string) => apiPost('/api/sessions/{sessionId}/synthesis', { params: { sessionId }, body: {} }) }),
    rename: useMutation({
      mutationFn: ({ sessionId, title }: { sessionId: string; title: string }) => apiPatch('/api/sessions/{sessionId}', { params: { sessionId }, body: { title } }),
      ...after,
    }),
    remove: useMutation({ mutationFn: (sessionId: string) => apiDelete('/api/sessions/{sessionId}', { params: { sessionId } }), ...after }),
  };
}
