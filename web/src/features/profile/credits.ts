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
