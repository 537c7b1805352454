import { Breakable } from '../../../components/Breakable';
import { ScrollTable } from '../../../components/ScrollTable';
import { formatExact } from '../../../lib/format';
import type { RateCardVersion } from '../rate-card';

/** A version's meters: key (its description beneath), unit and the exact price per unit. */
export function VersionTable({ version }: { version: RateCardVersion }) {
  return (
    <ScrollTable headers={['Meter', 'Unit', { label: 'Credits per unit', className: 'rate-card__num' }]} className="rate-card__table" testId={`rate-card-version-${version.version}`}>
      {version.entries.map((e) => (
        <tr key={e.meter}>
          <td>
            <code>
              <Breakable text={e.meter} />
            </code>
            {e.description && <span className="rate-card__description-text">{e.description}</span>}
          </td>
          <td>{e.unit}</td>
          <td className="rate-card__num">{formatExact(e.creditsPerUnit)}</td>
        </tr>
      ))}
    </ScrollTable>
  );
}
