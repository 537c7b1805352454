import type { PlanFields } from './events.ts';

/** Limits of a plan's numbers: what a payment provider can charge, what a balance can hold. */
export const MAX_PRICE_USD = 999_999.99;
export const MAX_CREDITS = 1_000_000_000;
export const PLAN_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A price in dollars with at most two decimals (step 0.01). */
export function isValidPrice(price: number): boolean {
  if (!Number.isFinite(price) || price < 0 || price > MAX_PRICE_USD) return false;
  const cents = price * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6;
}

export const MAX_EXPIRY_DAYS = 3650;
export const isValidExpiryDays = (days: number | null) => days === null || (Number.isSafeInteger(days) && days >= 1 && days <= MAX_EXPIRY_DAYS);

export const isValidCredits = (credits: number) => Number.isSafeInteger(credits) && credits >= 0 && credits <= MAX_CREDITS;

/** Two decimals, as prices are shown. */
export const roundPrice = (price: number) => Math.round(price * 100) / 100;

/** Buyers see and buy only active plans that are not reserved to the system. */
export const isPublic = (plan: Pick<PlanFields, 'is_active' | 'system_only'>) => plan.is_active && !plan.system_only;
