import { ScrollTable } from '../../../components/ScrollTable';
import { useToast } from '../../../components/Toast';
import { formatNumber } from '../../../lib/format';
import { useDrift, useDriftCheck } from '../api/drift';
import { ProgressBar } from './ProgressBar';

const differ = (rows: number) => (rows === 1 ? '1 row differs' : `${formatNumber(rows)} rows differ`);
const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

/**
 * The drift check: each read model rebuilt from the log into shadow tables and compared with the live
 * one row for row. Differences are shown (read model, table, key, live value, log value), never
 * repaired here: the read model's Rebuild fixes them.
 */
export function DriftPanel({ canCheck, onRebuild }: { canCheck: boolean; onRebuild: (name: string) => void }) {
  const drift = useDrift();
  const check = useDriftCheck();
  const toast = useToast();
  const rows = drift.data ?? [];
  const running = rows.some((d) => d.status === 'running');
  const differing = rows.filter((d) => d.status === 'done' && d.rows > 0);

  const start = () =>
    check.mutate(undefined, {
      onSuccess: () => toast.success('Drift check started'),
      onError: () => toast.error('Failed to start the drift check'),
    });

  return (
    <section className="card drift" aria-labelledby="drift-title">
      <div className="drift__header">
        <h2 id="drift-title">Drift check</h2>
        {canCheck && (
          <button type="button" className="button button--secondary button--small" disabled={running || check.isPending} onClick={start}>
            {running ? 'Checking...' : 'Check against the log'}
          </button>
        )}
      </div>
      <p className="muted">Rebuilds each read model from the log into shadow tables and compares them with the live tables, row for row. Also runs nightly.</p>
      {drift.isError && <p className="drift__bad">The drift results could not be loaded.</p>}
      {rows.length === 0 && !drift.isError && <p className="muted">{drift.isPending ? 'Loading...' : 'No check has run yet.'}</p>}
      {rows.length > 0 && (
        <ul className="drift__list">
          {rows.map((d) => (
            <li key={d.readModel} data-testid={`drift-${d.readModel}`}>
              <strong>{d.readModel}</strong>{' '}
              {d.status === 'running' && <ProgressBar value={Math.round(d.progress * 100)} label={`Checking ${d.readModel}`} text={`${Math.round(d.progress * 100)}%`} />}
              {d.status === 'failed' && <span className="drift__bad">check failed: {d.error}</span>}
              {d.status === 'done' && (d.rows === 0 ? <span className="drift__ok">matches the log</span> : <span className="drift__bad">{differ(d.rows)} from the log</span>)}
            </li>
          ))}
        </ul>
      )}
      {differing.map((d) => (
        <div key={d.readModel} className="drift__differences">
          <h3>
            {d.readModel}: {differ(d.rows)}
          </h3>
          <ScrollTable headers={['Table', 'Key', 'Live value', 'Log value']} scroll="projections__scroll">
            {d.differences.map((diff, i) => (
              <tr key={i}>
                <td>{diff.table}</td>
                <td>
                  <code>{show(diff.key)}</code>
                </td>
                <td>
                  <code>{show(diff.live)}</code>
                </td>
                <td>
                  <code>{show(diff.log)}</code>
                </td>
              </tr>
            ))}
          </ScrollTable>
          {d.differences.length < d.rows && <p className="muted">The first {d.differences.length} are shown.</p>}
          {canCheck && (
            <button type="button" className="button button--small button--secondary" onClick={() => onRebuild(d.readModel)}>
              Rebuild {d.readModel} from the log
            </button>
          )}
        </div>
      ))}
    </section>
  );
}
