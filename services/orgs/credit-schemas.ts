import { z } from 'zod';

export const UsageBody = z.object({
  credits: z.number().int('credits must be a whole number').min(1).max(1_000_000),
  description: z.string().trim().max(500).default(''),
  idempotencyKey: z.string().trim().min(1).max(200),
});

export const Balance = z.object({ balance: z.number() });
export const InsufficientCreditsAnswer = z.object({ error: z.literal('insufficient_credits'), balance: z.number(), message: z.string() });

export const AdjustBody = z.object({
  amount: z
    .number()
    .int('amount must be a whole number')
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, 'amount must not be zero'),
  description: z.string().trim().min(1, 'description is required').max(500),
});

export const OrgIdParams = z.object({ id: z.string() });
