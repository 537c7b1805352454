import type { SessionRow, TurnRow } from '../../projections/sessions/queries.ts';
import type { SessionState } from './events.ts';
import type { LiveSessions } from './live.ts';

export type SessionView = SessionRow & {
  question: string;
  mode: string;
  rounds: number;
  answers: TurnRow['answers'];
  synthesis: TurnRow['synthesis'];
};

/** The API's shape of a session: every turn, and the latest one's question, answers and synthesis at the top. */
export function withLatest(row: SessionRow): SessionView {
  const last = row.turns.at(-1);
  return {
    ...row,
    question: last?.question ?? '',
    mode: last?.mode ?? 'boardroom',
    rounds: last?.rounds ?? 1,
    answers: last?.answers ?? [],
    synthesis: last?.synthesis ?? null,
  };
}

/** A session from its stream, with the text written so far of answers still running in this process. */
export function sessionView(state: SessionState, live: LiveSessions): SessionView {
  const sessionId = state.sessionId!;
  return withLatest({
    sessionId,
    projectId: state.projectId!,
    title: state.title,
    status: state.status,
    credits: state.credits,
    shared: state.shareHash !== null,
    createdAt: state.turns[0]?.at ?? '',
    turns: state.turns.map((t) => ({
      turn: t.turn,
      question: t.question,
      at: t.at,
      mode: t.mode,
      rounds: t.rounds,
      synthesis: t.synthesis,
      answers: t.answers.map(({ model: _model, ...a }) => (a.status === 'running' ? { ...a, text: live.textOf(sessionId, t.turn, a.round, a.assistantId) } : a)),
    })),
  });
}
