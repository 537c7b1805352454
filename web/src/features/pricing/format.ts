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
