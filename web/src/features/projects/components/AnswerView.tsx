import type { BoardAnswer } from '../api/get-sessions';
import { callCost } from '../call-cost';
import AnswerFields from './AnswerFields';

/**
 * One advisor's answer in a round. A structured answer is shown as fields once complete, never as
 * the raw JSON it is while being written.
 */
export default function AnswerView({ answer, onRetry }: { answer: BoardAnswer; onRetry?: () => void }) {
  const writing = answer.status === 'running';
  return (
    <article className={`board-answer board-answer--${answer.status}`} aria-label={`Answer of ${answer.name}, round ${answer.round}`}>
      <h4>{answer.name}</h4>
      {answer.status === 'failed' && <p className="board-answer__failed">No answer: {answer.reason}</p>}
      {answer.status === 'stopped' && <p className="muted">Stopped before this answer was complete.</p>}
      {answer.status === 'answered' && answer.json != null && <AnswerFields value={answer.json} />}
      {((answer.status === 'answered' && answer.json == null) || (writing && !answer.structured)) && <p className="board-answer__text">{answer.text}</p>}
      {writing && <p className="muted board-answer__writing">{answer.structured ? 'Writing a structured answer…' : 'Writing…'}</p>}
      {answer.status === 'answered' && (
        <p className="muted board-answer__cost">
          {callCost(answer)}
          {answer.sources.length > 0 && <> · drew on {answer.sources.map((s) => s.name).join(', ')}</>}
        </p>
      )}
      {onRetry && (
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          Ask {answer.name} again
        </button>
      )}
    </article>
  );
}
