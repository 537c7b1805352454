import { formatDate, plural } from '../../../lib/format';
import type { MeterSeries } from '../usage-series';

const W = 600;
const H = 110;

/** One meter's quantity per day in its own unit as bars (each with its day, quantity and credits on hover), and its totals. */
export function MeterChart({ series, unit }: { series: MeterSeries; unit: string }) {
  const max = Math.max(0, ...series.days.map((d) => d.quantity)) || 1;
  const step = W / Math.max(1, series.days.length);
  const first = series.days[0]?.day;
  const last = series.days.at(-1)?.day;
  return (
    <figure className="card usage-meter" data-testid="usage-meter">
      <figcaption>
        <code className="usage-meter__name">{series.meter}</code>
        <span className="muted">
          {plural(series.quantity, unit)} · {plural(series.credits, 'credit')} · {plural(series.events, 'event')}
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H + 20}`} role="img" aria-label={`${series.meter} per day: ${plural(series.quantity, unit)} in all`}>
        {series.days.map((d, i) => {
          const h = d.quantity > 0 ? Math.max(1, (d.quantity / max) * H) : 0;
          return (
            <rect key={d.day} x={i * step + 1} y={H - h} width={Math.max(1, step - 2)} height={h} className="usage-meter__bar" data-testid="usage-bar">
              <title>{`${formatDate(d.day)}: ${plural(d.quantity, unit)}, ${plural(d.credits, 'credit')}`}</title>
            </rect>
          );
        })}
        <line x1={0} x2={W} y1={H} y2={H} className="usage-meter__axis-line" />
        <text x={0} y={H + 17} className="usage-meter__axis">
          {first ? formatDate(first) : ''}
        </text>
        <text x={W} y={H + 17} textAnchor="end" className="usage-meter__axis">
          {last ? formatDate(last) : ''}
        </text>
      </svg>
    </figure>
  );
}
