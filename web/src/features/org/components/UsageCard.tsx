import { formatNumber } from '../../../lib/format';
import { useTeamUsage } from '../api/org';

type Bar = { key: string; label: string; detail?: string; credits: number };

/** One horizontal bar chart: each row's bar is its share of the largest. */
function BarChart({ title, bars }: { title: string; bars: Bar[] }) {
  const most = Math.max(1, ...bars.map((b) => b.credits));
  return (
    <figure className="org-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {bars.length === 0 ? (
        <p className="muted">Nothing spent yet this month.</p>
      ) : (
        <ul className="org-list">
          {bars.map((b) => (
            <li key={b.key} className="org-chart__row" data-testid={`usage-${b.label}`}>
              <span className="org-chart__label">
                {b.label} {b.detail && <span className="muted">{b.detail}</span>}
              </span>
              <span className="org-chart__bar" aria-hidden="true">
                <span style={{ width: `${Math.max(2, Math.round((b.credits * 100) / most))}%` }} />
              </span>
              <span className="org-chart__value">{formatNumber(b.credits)}</span>
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** This UTC month's spending per member and per project (the team-spending read model). */
export function UsageCard() {
  const usage = useTeamUsage();
  const u = usage.data;
  const members: Bar[] = (u?.members ?? []).map((m) => ({
    key: m.userId ?? 'none',
    label: m.userId ? m.name || m.email : 'API keys and the system',
    detail: m.userId && m.name ? m.email : undefined,
    credits: m.credits,
  }));
  const projects: Bar[] = (u?.projects ?? []).map((p) => ({ key: p.projectId ?? 'none', label: p.projectId ? p.name || 'a deleted project' : 'No project', credits: p.credits }));
  return (
    <section className="card" aria-label="Usage this month">
      <h2>Usage this month</h2>
      {usage.isError && <p className="muted">The usage could not be loaded.</p>}
      {u && (
        <>
          <p className="muted">
            {formatNumber(u.total)} credits spent since {u.periodStart.slice(0, 10)} (UTC).
          </p>
          <div className="org-charts">
            <BarChart title="Per member" bars={members} />
            <BarChart title="Per project" bars={projects} />
          </div>
        </>
      )}
    </section>
  );
}
