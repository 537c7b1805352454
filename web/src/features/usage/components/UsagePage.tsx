import { useState } from 'react';
import { Link } from 'react-router-dom';
import { DayInput } from '../../../components/DayInput';
import { LoadError, loadFailure } from '../../../components/LoadError';
import { DAY_MS, dayOf, isDay } from '../../../lib/days';
import { useProjects } from '../../projects/api/get-projects';
import { useMeteredUsage, useMeterUnits, usageCsvUrl, type UsageFilter } from '../api/usage';
import { meterSeries } from '../usage-series';
import { MeterChart } from './MeterChart';
import { paths } from '../../../paths';
import '../usage.css';

/** /usage: the organization's metered usage per meter and day (all projects or one), and its CSV. */
export default function UsagePage() {
  const [filter, setFilter] = useState<UsageFilter>(() => ({ from: dayOf(Date.now() - 29 * DAY_MS), to: dayOf(Date.now()) }));
  const usage = useMeteredUsage(filter);
  const unitOf = useMeterUnits();
  const projects = useProjects();
  const rows = usage.data?.data ?? [];
  const series = meterSeries(rows, filter.from, filter.to);
  const failure = loadFailure(usage, 'Your usage could not be loaded.');
  const set = (patch: Partial<UsageFilter>) => setFilter((f) => ({ ...f, ...patch }));

  return (
    <div className="page usage-page">
      <header className="usage-page__header">
        <h1>Usage</h1>
        <p className="muted">What your organization sent, per meter and UTC day, priced by the rate card in force at each event's time.</p>
        <p className="muted" data-testid="usage-board-note">
          Board meetings count here as their model's tokens (the <code>llm.…</code> meters), at the rate card's exact prices, and are
          charged as usage events are: the whole credits each meter reaches, its fraction carried to its next use. The{' '}
          <Link to={paths.profile.path}>credit history</Link> lists what each call took.
        </p>
      </header>
      <form className="usage-page__filters" onSubmit={(e) => e.preventDefault()} aria-label="Filter usage">
        <label className="field">
          <span className="field__label">Project</span>
          <select className="input" aria-label="Project" value={filter.projectId ?? ''} onChange={(e) => set({ projectId: e.target.value || undefined })}>
            <option value="">All projects</option>
            {(projects.data ?? []).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">From</span>
          <DayInput value={filter.from} onChange={(from) => isDay(from) && set({ from })} />
        </label>
        <label className="field">
          <span className="field__label">To</span>
          <DayInput value={filter.to} onChange={(to) => isDay(to) && set({ to })} />
        </label>
        <a className="button button--secondary usage-page__csv" href={usageCsvUrl(filter)} download>
          Download CSV
        </a>
      </form>
      {failure ? (
        <LoadError {...failure} />
      ) : usage.isPending ? (
        <p className="muted">Loading usage…</p>
      ) : series.length === 0 ? (
        <p className="muted" data-testid="usage-empty">
          No usage in these days{filter.projectId ? ' for this project' : ''}.
        </p>
      ) : (
        <div className="usage-page__meters" aria-busy={usage.isFetching || undefined}>
          {series.map((s) => (
            <MeterChart key={s.meter} series={s} unit={unitOf(s.meter)} />
          ))}
        </div>
      )}
    </div>
  );
}
