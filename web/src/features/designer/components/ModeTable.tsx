import { useModeTable } from '../api/modes';

const shapeOf = (shape: unknown) => (shape ? JSON.stringify(shape, null, 2) : 'Text (or the assistant’s own output components)');

/** The meeting modes as advisors are asked: each prompt, what rounds 2–3 add, the answer's shape and its output limit. */
export default function ModeTable() {
  const modes = useModeTable();
  return (
    <section className="card mode-table" aria-label="Meeting modes">
      <h2>Meeting modes</h2>
      <p className="muted">What each mode adds to an advisor’s task, and the shape and length of its answers (limits measured from answers of that length).</p>
      {modes.isPending && <p className="muted">Loading modes...</p>}
      {modes.data && (
        <div className="mode-table__scroll">
          <table>
            <thead>
              <tr><th>Mode</th><th>Prompt (round 1)</th><th>Rounds 2–3</th><th>Answer</th><th>Limit</th></tr>
            </thead>
            <tbody>
              {modes.data.data.map((m) => (
                <tr key={m.mode}>
                  <th scope="row">{m.label}<br /><span className="muted">{m.purpose}</span></th>
                  <td>{m.template}</td>
                  <td>{m.respond}</td>
                  <td><details><summary>{m.shape ? 'JSON shape' : 'Text'}</summary><pre>{shapeOf(m.shape)}</pre></details></td>
                  <td>{m.words} words · {m.maxOutputTokens} tokens</td>
                </tr>
              ))}
              <tr>
                <th scope="row">Chair’s synthesis</th>
                <td colSpan={2}>{modes.data.synthesis.template}</td>
                <td><details><summary>JSON shape</summary><pre>{shapeOf(modes.data.synthesis.shape)}</pre></details></td>
                <td>{modes.data.synthesis.words} words · {modes.data.synthesis.maxOutputTokens} tokens</td>
              </tr>
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
