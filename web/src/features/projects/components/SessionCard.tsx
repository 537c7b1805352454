import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useFollowUp } from '../api/ask-board';
import { boardKeys } from '../api/keys';
import type { BoardSession } from '../api/get-sessions';
import { useSessionStream } from '../api/session-stream';
import { useSteer } from '../api/steer';
import { plural } from '../../../lib/format';
import AnswerView from './AnswerView';
import CreditsRefusal from './CreditsRefusal';
import SessionActions from './SessionActions';
import SynthesisView from './SynthesisView';
import { Moment } from '../../../components/Moment';

type Turn = BoardSession['turns'][number];

function TurnView({ turn, running, onRetry, onSynthesize }: { turn: Turn; running: boolean; onRetry?: (assistantId: string, round: number) => void; onSynthesize?: () => void }) {
  const rounds = [...new Set(turn.answers.map((a) => a.round))].sort();
  return (
    <section className="board-turn">
      {turn.turn > 1 && (
        <p className="board-turn__asked muted">
          Follow-up · <Moment at={turn.at} />
        </p>
      )}
      <h3 className="board-turn__question">{turn.question}</h3>
      {rounds.map((round) => (
        <section key={round} className="board-round" aria-label={`Round ${round}`}>
          {turn.rounds > 1 && <h4 className="board-round__title">Round {round} of {turn.rounds}</h4>}
          <div className="board-answers">
            {turn.answers
              .filter((a) => a.round === round)
              .map((answer) => (
                <AnswerView
                  key={`${answer.round}-${answer.assistantId}`}
                  answer={answer}
                  onRetry={onRetry && answer.status === 'failed' ? () => onRetry(answer.assistantId, answer.round) : undefined}
                />
              ))}
          </div>
        </section>
      ))}
      {turn.synthesis && (
        <SynthesisView
          synthesis={turn.synthesis}
          running={running}
          rewritable={!!onRetry && turn.answers.some((a) => a.status === 'failed')}
          onWriteAgain={onSynthesize && turn.answers.some((a) => a.status === 'answered') ? onSynthesize : undefined}
        />
      )}
    </section>
  );
}

/** One session of the transcript: its turns and rounds, each answer under its advisor's name, the synthesis, and what it cost. */
export default function SessionCard({ session: stored, projectId, canAsk, modeLabel }: { session: BoardSession; projectId: string; canAsk: boolean; modeLabel: (mode: string) => string }) {
  const queryClient = useQueryClient();
  const [generation, setGeneration] = useState(0);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: boardKeys.sessions(projectId) });
  const live = useSessionStream(stored.status === 'running' || generation > 0 ? stored.sessionId : null, refresh, generation);
  const session = live ?? stored;
  const followUp = useFollowUp();
  const steer = useSteer(projectId);
  const [question, setQuestion] = useState('');
  const advisors = new Set(session.turns[0]?.answers.map((a) => a.assistantId)).size;
  const running = session.status === 'running';
  const last = session.turns.at(-1);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!question.trim()) return;
    followUp.mutate({ sessionId: session.sessionId, question }, { onSuccess: () => (setQuestion(''), setGeneration((g) => g + 1)) });
  };
  const retry = (assistantId: string, round: number) =>
    steer.retry.mutate({ sessionId: session.sessionId, assistantId, round }, { onSuccess: () => setGeneration((g) => g + 1) });
  const synthesize = () => steer.synthesize.mutate(session.sessionId, { onSuccess: () => setGeneration((g) => g + 1) });

  return (
    <li className="card board-session" aria-label="Board session">
      <header className="board-session__header">
        {session.title && <h3 className="board-session__title">{session.title}</h3>}
        <p className="board-session__summary">
          {modeLabel(session.mode)} · {plural(advisors, 'advisor')} · {plural(session.rounds, 'round')} · {plural(session.credits, 'credit')}
          {session.createdAt && (
            <>
              {' · '}
              <Moment at={session.createdAt} />
            </>
          )}
          {running && <span className="muted"> · answering…</span>}
        </p>
        <SessionActions session={session} projectId={projectId} onStop={() => steer.stop.mutate(session.sessionId)} stopping={steer.stop.isPending} />
      </header>
      {session.turns.map((turn) => (
        <TurnView
          key={turn.turn}
          turn={turn}
          running={running}
          onRetry={!running && canAsk && turn === last ? retry : undefined}
          onSynthesize={!running && canAsk && turn === last && !steer.synthesize.isPending ? synthesize : undefined}
        />
      ))}
      {session.status === 'done' && canAsk && (
        <form className="board-follow-up" onSubmit={submit}>
          <input className="input" aria-label="Follow-up question" value={question} onChange={(e) => setQuestion(e.target.value)} placeholder="Ask a follow-up…" maxLength={8000} />
          <button type="submit" className="button button--secondary" disabled={followUp.isPending || !question.trim()}>
            Follow up
          </button>
        </form>
      )}
      {(followUp.error || steer.retry.error || steer.synthesize.error) && <CreditsRefusal error={followUp.error ?? steer.retry.error ?? steer.synthesize.error} />}
    </li>
  );
}
