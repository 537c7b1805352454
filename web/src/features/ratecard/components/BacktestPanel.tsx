import { useState, type FormEvent } from 'react';
import { DayInput } from '../../../components/DayInput';
import { ScrollTable } from '../../../components/ScrollTable';
import { serverMessage } from '../../../lib/api';
import { saveBlob } from '../../../lib/download';
import { DAY_MS, dayOf, isDay } from '../../../lib/days';
import { formatExact, formatNumber, plural } from '../../../lib/format';
import { useBacktest } from '../api/rate-cards';
import { backtestCsv, entriesOf, type DraftRow } from '../rate-card';

/** Runs the draft against the usage recorded between two UTC days (the second included): charged against draft per organization, and its CSV. */
export function BacktestPanel({ rows }: { rows: DraftRow[] }) {
  const [from, setFrom] = useState(() => dayOf(Date.now() - 30 * DAY_MS));
  const [to, setTo] = useState(() => dayOf(Date.now()));
  const [error, setError] = useState<string | null>(null);
  const backtest = useBacktest();
  const result = backtest.data;

  const run = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const draft = entriesOf(rows);
    if ('error' in draft) return setError(draft.error);
    if (!isDay(from) || !isDay(to)) return setError('Pick the first and the last day, as YYYY-MM-DD.');
    const end = new Date(`${to}T00:00:00Z`).getTime() + DAY_MS;
    backtest.mutate(
      { draft: { entries: draft.entries }, from: `${from}T00:00:00Z`, to: new Date(end).toISOString() },
      { onError: (err) => setError(serverMessage(err, 'The backtest could not be run.')) },
    );
  };

  return (
    <section className="card rate-card__section" aria-labelledby="backtest-title">
      <h2 id="backtest-title">Backtest the draft</h2>
      <p className="muted">Replays the usage recorded in these UTC days, board meetings' tokens included, with the draft's prices: what each organization was charged at the exact prices in force, and what the draft would have charged.</p>
      <form className="rate-card__range" onSubmit={run}>
        <label className="field">
          <span className="field__label">From</span>
          <DayInput value={from} onChange={setFrom} />
        </label>
        <label className="field">
          <span className="field__label">To (included)</span>
          <DayInput value={to} onChange={setTo} />
        </label>
        <button type="submit" className="button button--primary" disabled={backtest.isPending}>
          {backtest.isPending ? 'Running…' : 'Run backtest'}
        </button>
      </form>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {result && !error && (
        <div className="rate-card__result" data-testid="backtest-result">
          <p>
            {result.orgs.length === 0 ? 'No usage was recorded in these days.' : `${plural(result.orgs.length, 'organization')}: `}
            {result.orgs.length > 0 && (
              <>
                charged <strong>{formatExact(result.charged)}</strong>, draft <strong>{formatExact(result.draft)}</strong> credits.
              </>
            )}
          </p>
          {result.orgs.length > 0 && (
            <>
              <ScrollTable headers={['Organization', ...['Events', 'Charged', 'Draft', 'Difference', 'Unpriced'].map((label) => ({ label, className: 'rate-card__num' }))]} className="rate-card__table">
                {result.orgs.map((r) => (
                  <tr key={r.orgId} data-testid="backtest-row">
                    <td>{r.name}</td>
                    <td className="rate-card__num">{formatNumber(r.events)}</td>
                    <td className="rate-card__num">{formatExact(r.charged)}</td>
                    <td className="rate-card__num">{formatExact(r.draft)}</td>
                    <td className={`rate-card__num ${r.difference > 0 ? 'is-up' : r.difference < 0 ? 'is-down' : ''}`}>
                      {r.difference > 0 ? '+' : ''}
                      {formatExact(r.difference)}
                    </td>
                    <td className="rate-card__num" title="Events whose meter the draft does not price (counted at 0)">
                      {formatNumber(r.unpriced)}
                    </td>
                  </tr>
                ))}
              </ScrollTable>
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => saveBlob(new Blob([backtestCsv(result.orgs)], { type: 'text/csv' }), `backtest-${from}-${to}.csv`)}
              >
                Download CSV
              </button>
            </>
          )}
        </div>
      )}
    </section>
  );
}
