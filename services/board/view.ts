import type { SessionRow } from '../../projections/sessions/queries.ts';
import type { SessionState } from './events.ts';
import type { LiveSessions } from './live.ts';

export type SessionView = SessionRow & { question: string; answers: SessionRow['turns'][number]['answers'] };

/** The API's shape of a session: every turn, and the latest one's question and answers at the top. */
export function withLatest(row: SessionRow): SessionView {
  const last = row.turns.at(-1);
  return { ...row, question: last?.question ?? '', answers: last?.answers ?? [] };
}

/** A session from its stream, with the text written so far of answers still running in this process. */
export function sessionView(state: SessionState, live: LiveSessions): SessionView {
  const sessionId = state.sessionId!;
  return withLatest({
    sessionId,
    projectId: state.projectId!,
    status: state.status,
    credits: state.credits,
    createdAt: state.turns[0]?.at ?? '',
    turns: state.turns.map((t) => ({
      turn: t.turn,
      question: t.question,
      answers: t.answers.map(({ model: _model, ...a }) => (a.status === 'running' ? { ...a, text: live.textOf(sessionId, t.turn, a.assistantId) } : a)),
    })),
  });
}
