/**
 * The same time `months` calendar months later (UTC), on the same day of the month, or on the
 * month's last day when it has fewer days: January 31st is followed by February 28th (29th in a
 * leap year), as Stripe bills a monthly plan begun on the 31st. `Date#setUTCMonth` alone overflows
 * into the month after (March 3rd).
 */
export function monthsLater(at: string, months: number): string {
  const d = new Date(at);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.toISOString();
}
