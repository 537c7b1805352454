import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-contract';

export interface AskInput {
  projectId: string;
  question: string;
  assistantIds: string[];
}

export const askBoard = ({ projectId, question, assistantIds }: AskInput) =>
  apiPost('/api/projects/{id}/sessions', { params: { id: projectId }, body: { question, assistantIds } });

export const followUp = (sessionId: string, question: string) =>
  apiPost('/api/sessions/{sessionId}/follow-up', { params: { sessionId }, body: { question } });

/** The transcript follows the session through its event stream (useSessionStream), so nothing is invalidated here. */
export const useAskBoard = () => useMutation({ mutationFn: askBoard });

export const useFollowUp = () => useMutation({ mutationFn: ({ sessionId, question }: { sessionId: string; question: string }) => followUp(sessionId, question) });
