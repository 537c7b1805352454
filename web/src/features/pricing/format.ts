import { formatNumber, formatUsd } from '../../lib/format';
import type { Plan } from './types';

/** Prices are shown with 2 decimals (spec section 9). */
export const usd = formatUsd;

export const priceLabel = (plan: Pick<Plan, 'price_usd' | 'is_one_time'>) =>
  plan.is_one_time ? `${usd(plan.price_usd)} one-time` : `${usd(plan.price_usd)} / month`;

/** 'Plan will be $X /mo' (spec section 2); a one-time pack is not billed monthly, so it says so. */
export const chooseLabel = (plan: Pick<Plan, 'price_usd' | 'is_one_time'>) =>
  plan.is_one_time ? `Plan will be ${usd(plan.price_usd)} one-time` : `Plan will be ${usd(plan.price_usd)} /mo`;

export function creditLines(plan: Pick<Plan, 'monthly_credits' | 'one_time_credits'>): string[] {
  const lines: string[] = [];
  if (plan.monthly_credits > 0) lines.push(`${formatNumber(plan.monthly_credits)} credits per month`);
  if (plan.one_time_credits > 0) lines.push(`${formatNumber(plan.one_time_credits)} one-time credits`);
  return lines.length ? lines : ['No credits'];
}

type Priced = Pick<Plan, 'name' | 'price_usd' | 'monthly_credits' | 'one_time_credits'>;

/** The simulator's and the label's month: Stripe prorates by the period's real length, close to this. */
const MONTH_MS = 30 * 24 * 3600 * 1000;

/**
 * What picking another monthly plan does, said on its button: an upgrade now (the prorated price
 * today, the monthly difference and the new plan's one-time credits), or a downgrade from the
 * period's end (the formatted date).
 */
export function changeLabel(target: Priced, current: Priced, periodEnd: string | null, from: string, now = Date.now()): string {
  if (target.price_usd > current.price_usd) {
    const left = periodEnd ? Math.max(0, Math.min(1, (Date.parse(periodEnd) - now) / MONTH_MS)) : 1;
    const today = Math.round((target.price_usd - current.price_usd) * left * 100) / 100;
    const credits = Math.max(0, target.monthly_credits - current.monthly_credits) + target.one_time_credits;
    return `Upgrade now: ${usd(today)} today (prorated), +${formatNumber(credits)} credits`;
  }
  return `${target.name} from ${from}`;
}
