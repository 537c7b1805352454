import { Breakable } from '../../../components/Breakable';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatExact } from '../../../lib/format';
import type { UsageLine } from '../history';

const num = (label: string) => ({ label, className: 'timeline__num' });

/** The usage events of one batch: meter, quantity, the rate-card version that priced each, and its exact credits. */
export function UsageLines({ lines }: { lines: UsageLine[] }) {
  if (lines.length === 0) return <p className="timeline__summary">No usage accepted in this batch.</p>;
  return (
    <ScrollTable headers={['Event id', 'Meter', num('Quantity'), num('Rate card'), num('Credits')]} scroll="table-scroll timeline__usage" testId="usage-lines">
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
          <td className="timeline__num">{formatExact(l.quantity)}</td>
          <td className="timeline__num">v{l.version}</td>
          <td className="timeline__num">{formatExact(Number(l.credits))}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
