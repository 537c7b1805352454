import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPost } from '../../../lib/api-contract';
import { boardKeys } from './keys';

/** A read-only public link to a session: made (a new one replaces the old) and revoked. */
export function useShare(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
  return {
    share: useMutation({ mutationFn: (sessionId: string) => apiPost('/api/sessions/{sessionId}/share', { params: { sessionId }, body: {} }), onSuccess: refresh }),
    revoke: useMutation({ mutationFn: (sessionId: string) => apiDelete('/api/sessions/{sessionId}/share', { params: { sessionId } }), onSuccess: refresh }),
  };
}

export const exportHref = (sessionId: string, format: 'md' | 'pdf') => `/api/sessions/${encodeURIComponent(sessionId)}/export?format=${format}`;
