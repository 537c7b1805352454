import { describe, expect, it } from 'vitest';
import { daysBetween, meterSeries } from './usage-series';

describe('usage series', () => {
  it('lists every UTC day of a range, both ends included, across a month end', () => {
    expect(daysBetween('2026-01-30', '2026-02-02')).toEqual(['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02']);
    expect(daysBetween('2026-02-02', '2026-01-30')).toEqual([]);
    expect(daysBetween('nope', '2026-01-30')).toEqual([]);
  });

  it('makes one series per meter with a 0 on days without usage, and exact totals', () => {
    const rows = [
      { day: '2026-03-01', meter: 'tokens', quantity: 0.1, credits: 0.0003, events: 1 },
      { day: '2026-03-03', meter: 'tokens', quantity: 0.2, credits: 0.0006, events: 2 },
      { day: '2026-03-02', meter: 'api.call', quantity: 5, credits: 5, events: 5 },
    ];
    const series = meterSeries(rows, '2026-03-01', '2026-03-03');
    expect(series.map((s) => s.meter)).toEqual(['api.call', 'tokens']);
    expect(series[1]).toEqual({
      meter: 'tokens',
      days: [
        { day: '2026-03-01', quantity: 0.1, credits: 0.0003 },
        { day: '2026-03-02', quantity: 0, credits: 0 },
        { day: '2026-03-03', quantity: 0.2, credits: 0.0006 },
      ],
      quantity: 0.3,
      credits: 0.0009,
      events: 3,
    });
  });
});
