import { Breakable } from '../../../components/Breakable';
import type { UsageLine } from '../history';

/** The usage events of one batch: meter, quantity, the rate-card version that priced each, and its exact credits. */
export function UsageLines({ lines }: { lines: UsageLine[] }) {
  if (lines.length === 0) return <p className="timeline__summary">No usage accepted in this batch.</p>;
  return (
    <div className="table-scroll timeline__usage">
      <table className="table" data-testid="usage-lines">
        <thead>
          <tr>
            <th scope="col">Event id</th>
            <th scope="col">Meter</th>
            <th scope="col" className="timeline__num">Quantity</th>
            <th scope="col" className="timeline__num">Rate card</th>
            <th scope="col" className="timeline__num">Credits</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l, i) => (
            <tr key={`${l.id}-${i}`}>
              <td>
                <code>{l.id}</code>
              </td>
              <td>
                <code>
                  <Breakable text={l.meter} />
                </code>
              </td>
              <td className="timeline__num">{l.quantity}</td>
              <td className="timeline__num">v{l.version}</td>
              <td className="timeline__num">{l.credits}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
