import type { ApiAnswer, Item } from '../../lib/api-contract';
import { DAY_MS, dayOf } from '../../lib/days';

export type MeteredDay = Item<ApiAnswer<'/api/me/usage'>['data']>;

export interface MeterSeries {
  meter: string;
  /** Every day of the range, oldest first (0 on a day without usage). */
  days: { day: string; quantity: number; credits: number }[];
  quantity: number;
  credits: number;
  events: number;
}

/** The UTC days from `from` to `to`, both included ('YYYY-MM-DD'); none when the range is backwards. */
export function daysBetween(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return [];
  const out: string[] = [];
  for (let t = start; t <= end && out.length < 366; t += DAY_MS) out.push(dayOf(t));
  return out;
}

/** Sums kept exact to 12 decimals (the rows carry at most that many). */
const add = (a: number, b: number) => Number((a + b).toFixed(12));

/** One series per meter (by name) over every day of the range: what the chart draws. */
export function meterSeries(rows: readonly MeteredDay[], from: string, to: string): MeterSeries[] {
  const days = daysBetween(from, to);
  const byMeter = new Map<string, Map<string, MeteredDay>>();
  for (const r of rows) {
    const meter = byMeter.get(r.meter) ?? new Map<string, MeteredDay>();
    meter.set(r.day, r);
    byMeter.set(r.meter, meter);
  }
  return [...byMeter]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([meter, perDay]) => {
      const all = [...perDay.values()];
      return {
        meter,
        days: days.map((day) => ({ day, quantity: perDay.get(day)?.quantity ?? 0, credits: perDay.get(day)?.credits ?? 0 })),
        quantity: all.reduce((n, r) => add(n, r.quantity), 0),
        credits: all.reduce((n, r) => add(n, r.credits), 0),
        events: all.reduce((n, r) => n + r.events, 0),
      };
    });
}
