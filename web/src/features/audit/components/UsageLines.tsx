import { Breakable } from '../../../components/Breakable';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatExact } from '../../../lib/format';
import type { UsageLine } from '../history';

const num = (label: string) => ({ label, className: 'timeline__num' });

/**
 * The usage events of one batch (event id, meter, quantity, the rate-card version that priced each, its
 * exact credits), or the tokens of a board call's capture (meter, quantity, exact credits).
 */
export function UsageLines({ lines, carried }: { lines: UsageLine[]; carried: { meter: string; credits: string }[] | null }) {
  if (lines.length === 0) return <p className="timeline__summary">No usage accepted in this batch.</p>;
  return (
    <>
      <LinesTable lines={lines} />
      {carried && (
        <p className="timeline__carried muted" data-testid="usage-carried">
          Carried to each meter's next use: {carried.map((c) => `${c.meter} ${formatExact(Number(c.credits))}`).join(' · ')}
        </p>
      )}
    </>
  );
}

function LinesTable({ lines }: { lines: UsageLine[] }) {
  const batch = lines.some((l) => l.id !== null);
  const headers = batch ? ['Event id', 'Meter', num('Quantity'), num('Rate card'), num('Credits')] : ['Meter', num('Quantity'), num('Credits')];
  return (
    <ScrollTable headers={headers} scroll="table-scroll timeline__usage" testId="usage-lines">
      {lines.map((l, i) => (
        <tr key={`${l.id ?? l.meter}-${i}`}>
          {batch && (
            <td>
              <code>{l.id}</code>
            </td>
          )}
          <td>
            <code>
              <Breakable text={l.meter} />
            </code>
          </td>
          <td className="timeline__num">{formatExact(l.quantity)}</td>
          {batch && <td className="timeline__num">v{l.version}</td>}
          <td className="timeline__num">{formatExact(Number(l.credits))}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
