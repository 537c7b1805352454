import { useParams } from 'react-router-dom';
import { formatDate } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/title';
import AnswerFields from '../../projects/components/AnswerFields';
import { SynthesisParts } from '../../projects/components/SynthesisView';
import { useSharedSession, type SharedSession } from '../api/get-shared';
import './shared.css';

type Turn = SharedSession['turns'][number];

/** A turn of the meeting; the first one's question is not said again when it is the page's title. */
function TurnView({ turn, title }: { turn: Turn; title: string }) {
  const rounds = [...new Set(turn.answers.map((a) => a.round))].sort();
  const s = turn.synthesis;
  const followUp = turn.turn > 1;
  return (
    <section className="shared-turn" aria-label={followUp ? `Follow-up: ${turn.question}` : turn.question}>
      {followUp && <p className="shared-turn__asked muted">Follow-up</p>}
      {(followUp || turn.question !== title) && <h2>{turn.question}</h2>}
      {rounds.map((r) => (
        <section key={r} aria-label={`Round ${r}`}>
          {turn.rounds > 1 && <h3>Round {r}</h3>}
          {turn.answers.filter((a) => a.round === r).map((a) => (
            <article key={`${r}-${a.name}`} className="shared-answer" aria-label={`Answer of ${a.name}, round ${r}`}>
              <h4>{a.name}</h4>
              {a.status !== 'answered' ? <p className="muted">No answer.</p> : a.json != null ? <AnswerFields value={a.json} /> : <p className="shared-answer__text">{a.text}</p>}
            </article>
          ))}
        </section>
      ))}
      {s && (
        <article className="synthesis shared-synthesis" aria-label="Synthesis">
          <h3>Synthesis <span className="muted">by {s.name}, chair</span></h3>
          <SynthesisParts result={s.result} missing={s.missing} />
        </article>
      )}
    </section>
  );
}

/** A board meeting shared by a read-only link: the questions, rounds and synthesis, nothing else of the organization. */
export default function SharedSessionPage() {
  const { token = '' } = useParams();
  const shared = useSharedSession(token);
  const title = shared.data?.title ?? shared.data?.turns[0]?.question ?? 'Shared board meeting';
  useDocumentTitle(shared.isError ? 'Link not available' : title);
  if (shared.isPending) return <div className="page"><p className="loading-text">Loading the meeting...</p></div>;
  if (!shared.data) {
    return (
      <div className="page page--narrow">
        <h1>Link not available</h1>
        <p className="muted">This link does not exist or was revoked.</p>
      </div>
    );
  }
  return (
    <div className="page shared-session">
      <header className="page-header">
        <p className="eyebrow">Board meeting · read only</p>
        <h1>{title}</h1>
        <p className="muted">Held on {formatDate(shared.data.createdAt)}</p>
      </header>
      {shared.data.turns.map((t) => <TurnView key={t.turn} turn={t} title={title} />)}
    </div>
  );
}
