import { useMutation } from '@tanstack/react-query';
import { apiPost, type ApiBody } from '../../../lib/api-contract';

export type AskInput = ApiBody<'/api/projects/{id}/sessions', 'post'> & { projectId: string };

export const askBoard = ({ projectId, ...body }: AskInput) => apiPost('/api/projects/{id}/sessions', { params: { id: projectId }, body });

export const followUp = (sessionId: string, question: string) =>
  apiPost('/api/sessions/{sessionId}/follow-up', { params: { sessionId }, body: { question } });

/** The transcript follows the session through its event stream (useSessionStream), so nothing is invalidated here. */
export const useAskBoard = () => useMutation({ mutationFn: askBoard });

export const useFollowUp = () => useMutation({ mutationFn: ({ sessionId, question }: { sessionId: string; question: string }) => followUp(sessionId, question) });
