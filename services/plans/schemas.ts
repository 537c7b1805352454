import { z } from 'zod';
import { isValidCredits, isValidPrice, MAX_CREDITS, MAX_EXPIRY_DAYS, MAX_PRICE_USD, PLAN_ID } from './rules.ts';

const price = z
  .number()
  .min(0, 'price_usd must be at least 0')
  .max(MAX_PRICE_USD, `price_usd must be at most ${MAX_PRICE_USD}`)
  .refine(isValidPrice, 'price_usd must have at most 2 decimals');
const credits = (field: string) =>
  z
    .number()
    .int(`${field} must be a whole number`)
    .min(0, `${field} must be at least 0`)
    .max(MAX_CREDITS, `${field} must be at most ${MAX_CREDITS}`)
    .refine(isValidCredits);
const usages = z.array(z.string().trim().min(1).max(500)).max(50);
const expiryDays = z
  .number()
  .int('one_time_expiry_days must be a whole number')
  .min(1, 'one_time_expiry_days must be at least 1')
  .max(MAX_EXPIRY_DAYS, `one_time_expiry_days must be at most ${MAX_EXPIRY_DAYS}`)
  .nullable();

export const PlanId = z.string().regex(PLAN_ID, 'id may hold letters, digits, _ and - (at most 64)');

export const CreatePlanBody = z.object({
  id: PlanId.optional(),
  name: z.string().trim().min(1, 'name is required').max(200),
  description: z.string().trim().max(5000).default(''),
  price_usd: price,
  monthly_credits: credits('monthly_credits').default(0),
  one_time_credits: credits('one_time_credits').default(0),
  is_one_time: z.boolean().default(false),
  system_only: z.boolean().default(false),
  is_active: z.boolean().default(true),
  example_usages: usages.default([]),
  rollover: z.boolean().default(false),
  one_time_expiry_days: expiryDays.default(null),
});

export const UpdatePlanBody = z
  .object({
    name: z.string().trim().min(1, 'name is required').max(200),
    description: z.string().trim().max(5000),
    price_usd: price,
    monthly_credits: credits('monthly_credits'),
    one_time_credits: credits('one_time_credits'),
    is_one_time: z.boolean(),
    system_only: z.boolean(),
    is_active: z.boolean(),
    example_usages: usages,
    rollover: z.boolean(),
    one_time_expiry_days: expiryDays,
  })
  .partial()
  .strict();

export const Plan = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price_usd: z.number(),
  monthly_credits: z.number().int(),
  one_time_credits: z.number().int(),
  is_one_time: z.boolean(),
  system_only: z.boolean(),
  is_active: z.boolean(),
  example_usages: z.array(z.string()),
  rollover: z.boolean(),
  one_time_expiry_days: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export const PlanList = z.array(Plan);
export const PlanParams = z.object({ id: z.string().max(200) });
export const PlanSaved = z.object({ success: z.literal(true), subscription: Plan });
