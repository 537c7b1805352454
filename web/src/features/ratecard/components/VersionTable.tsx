import { Breakable } from '../../../components/Breakable';
import { formatExact } from '../../../lib/format';
import type { RateCardVersion } from '../rate-card';

/** A version's meters: key (its description beneath), unit and the exact price per unit. */
export function VersionTable({ version }: { version: RateCardVersion }) {
  return (
    <div className="table-scroll">
      <table className="table rate-card__table" data-testid={`rate-card-version-${version.version}`}>
        <thead>
          <tr>
            <th scope="col">Meter</th>
            <th scope="col">Unit</th>
            <th scope="col" className="rate-card__num">
              Credits per unit
            </th>
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
  );
}
