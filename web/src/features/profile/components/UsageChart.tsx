import { formatDate, formatNumber } from '../../../lib/format';
import { useUsageDaily } from '../api/get-usage-daily';

const W = 600;
const H = 140;
const TOP = 14;

/** Credits used per day over the last 30 days, grants marked above their day (loaded lazily: keeps the entry bundle small). */
export default function UsageChart() {
  const usage = useUsageDaily();
  const days = usage.data ?? [];
  if (usage.isPending) return <p className="muted">Loading the chart…</p>;
  if (usage.isError) return <p className="muted">The chart could not be loaded.</p>;
  const max = Math.max(1, ...days.map((d) => d.used));
  const step = W / Math.max(1, days.length);
  const total = days.reduce((n, d) => n + d.used, 0);
  return (
    <section className="card usage-chart" aria-labelledby="usage-chart-title">
      <h2 id="usage-chart-title">Credits used, last 30 days</h2>
      <p className="muted">
        {formatNumber(total)} credits used; <span className="usage-chart__grant-key">▲</span> marks a day credits were granted.
      </p>
      <svg viewBox={`0 0 ${W} ${H + 18}`} role="img" aria-label={`Credits used per day: ${formatNumber(total)} in 30 days`} data-testid="usage-chart">
        {days.map((d, i) => {
          const h = (d.used / max) * (H - TOP);
          const x = i * step;
          return (
            <g key={d.day}>
              <rect x={x + 1} y={H - h} width={Math.max(1, step - 2)} height={h} className="usage-chart__bar">
                <title>{`${formatDate(d.day)}: ${formatNumber(d.used)} used${d.granted ? `, ${formatNumber(d.granted)} granted` : ''}`}</title>
              </rect>
              {d.granted > 0 && (
                <text x={x + step / 2} y={Math.max(TOP - 2, H - h - 3)} textAnchor="middle" className="usage-chart__grant" data-testid="usage-chart-grant">
                  ▲<title>{`${formatNumber(d.granted)} credits granted on ${formatDate(d.day)}`}</title>
                </text>
              )}
            </g>
          );
        })}
        <text x={0} y={H + 14} className="usage-chart__axis">
          {days[0] ? formatDate(days[0].day) : ''}
        </text>
        <text x={W} y={H + 14} textAnchor="end" className="usage-chart__axis">
          {days.at(-1) ? formatDate(days.at(-1)!.day) : ''}
        </text>
      </svg>
    </section>
  );
}
