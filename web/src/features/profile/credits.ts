import { DAY_MS, dayOf } from '../../lib/days';
import type { CreditLot } from './types';

const sourceLabels: Record<CreditLot['source'], string> = {
  plan_monthly: 'Monthly plan credits',
  plan_one_time: 'One-time plan credits',
  purchase: 'Purchase',
  auto_top_up: 'Automatic top-up',
  manual: 'Added by an administrator',
  promo: 'Promotion',
};

/** Where a lot's credits came from, in words. */
export const sourceLabel = (source: CreditLot['source']): string => sourceLabels[source] ?? source;

/** The credits left in the lot(s) that expire first, and when; null when no open lot expires. */
export function soonestExpiry(lots: readonly Pick<CreditLot, 'remaining' | 'expiresAt'>[]): { credits: number; expiresAt: string } | null {
  let soonest: { credits: number; expiresAt: string; time: number } | null = null;
  for (const lot of lots) {
    if (lot.expiresAt === null || lot.remaining <= 0) continue;
    const time = Date.parse(lot.expiresAt);
    if (!soonest || time < soonest.time) soonest = { credits: lot.remaining, expiresAt: lot.expiresAt, time };
    else if (time === soonest.time) soonest.credits += lot.remaining;
  }
  return soonest && { credits: soonest.credits, expiresAt: soonest.expiresAt };
}

/** How long the available credits last at the pace they were used: credits a day, and days left from today. */
export interface Runway {
  /** Credits used a day, on average over `overDays` days. */
  perDay: number;
  /** The days the pace is taken over: from the first of the given days with credits used or granted, to today. */
  overDays: number;
  /** Whole days the available credits last at that pace (0: less than one). */
  daysLeft: number;
  /** The UTC day they run out at that pace. */
  until: string;
}

/**
 * The runway of `available` credits at the pace of `days` (the last UTC days up to today, oldest first,
 * as /api/me/usage-daily answers them). The pace counts from the first day with credits used or granted,
 * so a new organization's first days are not averaged with the empty days before it. Null when no
 * credit was used in those days or none is available.
 */
export function runway(days: readonly { day: string; used: number; granted: number }[], available: number): Runway | null {
  const first = days.findIndex((d) => d.used > 0 || d.granted > 0);
  const today = days.at(-1);
  if (first < 0 || !today || available <= 0) return null;
  const used = days.slice(first).reduce((n, d) => n + d.used, 0);
  if (used <= 0) return null;
  const overDays = days.length - first;
  const perDay = used / overDays;
  const daysLeft = Math.floor(available / perDay);
  const until = dayOf(Date.parse(`${today.day}T00:00:00Z`) + daysLeft * DAY_MS);
  return { perDay, overDays, daysLeft, until };
}
