import type { BoardSession } from '../api/get-sessions';
import { callCost } from '../call-cost';
import './synthesis.css';

type Synthesis = NonNullable<BoardSession['synthesis']>;
type SynthesisResult = NonNullable<Synthesis['result']>;

function List({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section className="synthesis__part">
      <h5>{title}</h5>
      <ul>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What the chair wrote: summary, who was missing, consensus, dissent, decisions, action items and risks
 * (each only when there is one). Shown on the project page and on a meeting's shared page alike.
 */
export function SynthesisParts({ result, missing }: { result: SynthesisResult; missing: string[] }) {
  return (
    <>
      <p className="synthesis__summary">{result.summary}</p>
      {missing.length > 0 && <p className="synthesis__missing">Missing from the meeting: {missing.join(', ')}</p>}
      <List title="Consensus" items={result.consensus} />
      {result.dissent.length > 0 && (
        <section className="synthesis__part">
          <h5>Dissent</h5>
          <ul>
            {result.dissent.map((d, i) => (
              <li key={i}>
                {d.point}
                {d.advisors.length > 0 && <span className="muted"> ({d.advisors.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <List title="Decisions" items={result.decisions} />
      {result.actionItems.length > 0 && (
        <section className="synthesis__part">
          <h5>Action items</h5>
          <ul className="synthesis__actions">
            {result.actionItems.map((a, i) => (
              <li key={i}>
                <strong>{a.title}</strong>
                {(a.owner || a.due) && <span className="muted"> · {[a.owner && `Owner: ${a.owner}`, a.due && `Due: ${a.due}`].filter(Boolean).join(' · ')}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      <List title="Risks" items={result.risks} />
    </>
  );
}

/**
 * The chair's synthesis on the project page: its parts, its state while the meeting runs, and what it
 * cost. `rewritable`: a failed advisor may be asked again, which writes a failed synthesis again;
 * `onWriteAgain`: one that failed or was stopped may be written again from what was answered.
 */
export default function SynthesisView({ synthesis, running, rewritable = false, onWriteAgain }: { synthesis: Synthesis; running: boolean; rewritable?: boolean; onWriteAgain?: () => void }) {
  const { result } = synthesis;
  return (
    <article className={`synthesis synthesis--${synthesis.status}`} aria-label="Synthesis">
      <h4>Synthesis <span className="muted">by {synthesis.name}, chair</span></h4>
      {synthesis.status === 'waiting' && <p className="muted">{running ? 'The chair sums up once the rounds are over…' : 'Not written.'}</p>}
      {(synthesis.status === 'failed' || synthesis.status === 'stopped') && <p className="board-answer__failed">No synthesis: {synthesis.reason}</p>}
      {synthesis.status === 'failed' && rewritable && <p className="muted">Asking a failed advisor again writes it once they have answered.</p>}
      {(synthesis.status === 'failed' || synthesis.status === 'stopped') && onWriteAgain && (
        <button type="button" className="button button--small button--secondary" onClick={onWriteAgain}>
          Write the synthesis again
        </button>
      )}
      {result && (
        <>
          <SynthesisParts result={result} missing={synthesis.missing} />
          <p className="muted board-answer__cost">{callCost(synthesis)}</p>
        </>
      )}
    </article>
  );
}
