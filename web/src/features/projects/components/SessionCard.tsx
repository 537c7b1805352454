import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFollowUp } from '../api/ask-board';
import { boardKeys } from '../api/keys';
import type { BoardAnswer, BoardSession } from '../api/get-sessions';
import { useSessionStream } from '../api/session-stream';
import AnswerFields from './AnswerFields';
import CreditsRefusal from './CreditsRefusal';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

function AnswerView({ answer }: { answer: BoardAnswer }) {
  return (
    <article className={`board-answer board-answer--${answer.status}`} aria-label={`Answer of ${answer.name}`}>
      <h4>{answer.name}</h4>
      {answer.status === 'failed' && <p className="board-answer__failed">No answer: {answer.reason}</p>}
      {answer.status === 'answered' && answer.json != null ? (
        <AnswerFields value={answer.json} />
      ) : (
        answer.status !== 'failed' && <p className="board-answer__text">{answer.text}</p>
      )}
      {answer.status === 'running' && <p className="muted board-answer__writing">Writing…</p>}
      {answer.status === 'answered' && <p className="muted board-answer__cost">{plural(answer.credits, 'credit')}</p>}
    </article>
  );
}

/** One session of the transcript: its turns, each answer under its advisor's name, what it cost, and a follow-up box. */
export default function SessionCard({ session: stored, projectId, canAsk }: { session: BoardSession; projectId: string; canAsk: boolean }) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
  const live = useSessionStream(stored.status === 'running' || generation > 0 ? stored.sessionId : null, refresh, generation);
  const session = live ?? stored;
  const followUp = useFollowUp();
  const [question, setQuestion] = useState('');
  const advisors = session.turns[0]?.answers.length ?? 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    followUp.mutate(
      { sessionId: session.sessionId, question },
      {
        onSuccess: () => {
          setQuestion('');
          setGeneration((g) => g + 1);
        },
      },
    );
  };

  return (
    <li className="card board-session" aria-label="Board session">
      <p className="board-session__summary">
        {plural(advisors, 'advisor')} · {plural(session.credits, 'credit')}
        {session.status === 'running' && <span className="muted"> · answering…</span>}
      </p>
      {session.turns.map((turn) => (
        <section key={turn.turn} className="board-turn">
          <h3 className="board-turn__question">{turn.question}</h3>
          <div className="board-answers">
            {turn.answers.map((answer) => (
              <AnswerView key={answer.assistantId} answer={answer} />
            ))}
          </div>
        </section>
      ))}
      {session.status === 'done' && canAsk && (
        <form className="board-follow-up" onSubmit={submit}>
          <input aria-label="Follow-up question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Ask a follow-up…" maxLength={8000} />
          <button type="submit" className="button button--secondary" disabled={followUp.isPending || !question.trim()}>
            Follow up
          </button>
        </form>
      )}
      {followUp.error && <CreditsRefusal error={followUp.error} />}
    </li>
  );
}
