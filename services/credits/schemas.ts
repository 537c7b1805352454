import { z } from 'zod';
import { idParam } from '../platform/ids.ts';
import { LOT_SOURCES, MAX_PRIORITY } from './lots.ts';
import { MAX_HOLD_TTL_SECONDS } from './decisions.ts';

const MAX_CREDITS = 1_000_000;
const credits = z.number().int('credits must be a whole number').min(1).max(MAX_CREDITS);
const description = z.string().trim().max(500);
const idempotencyKey = z.string().trim().min(1).max(200);

/** The project a spend is for (one of the organization's): its budget counts the spend. */
const projectId = z.string().max(100).optional();

export const UsageBody = z.object({ credits, description: description.default(''), idempotencyKey, projectId });

export const Balance = z.object({ balance: z.number(), available: z.number() });
/** Each meter's fraction of a credit carried to its next use (a usage event, a board call): not debited yet. */
const Pending = z.record(z.string(), z.number());
export const BalanceAnswer = Balance.extend({ held: z.number(), pending: Pending });
/** What a route answers to a missing, malformed, unknown or revoked API key. */
export const InvalidKeyAnswer = z.object({ error: z.string(), message: z.string() }).loose();
export const InsufficientCreditsAnswer = z.object({
  error: z.literal('insufficient_credits'),
  balance: z.number(),
  available: z.number(),
  message: z.string(),
});
/** A budget of the member or the project has no room for the spend (nothing changed). */
export const BudgetExceededAnswer = z.object({
  error: z.literal('budget_exceeded'),
  scope: z.enum(['member', 'project']),
  id: z.string(),
  credits: z.number(),
  spent: z.number(),
  message: z.string(),
});
/** Why a spend was refused with 402: the pool, or a budget inside it. */
export const SpendRefusedAnswer = z.union([InsufficientCreditsAnswer, BudgetExceededAnswer]);
export const ErrorAnswer = z.object({ error: z.string(), message: z.string() }).loose();

export const HoldBody = z.object({
  credits,
  description: description.default(''),
  idempotencyKey,
  projectId,
  ttlSeconds: z.number().int('ttlSeconds must be a whole number').min(1).max(MAX_HOLD_TTL_SECONDS).optional(),
});
export const HoldAnswer = z.object({ holdId: z.string(), credits: z.number(), expiresAt: z.string(), balance: z.number(), available: z.number() });
export const HoldParams = z.object({ holdId: idParam('Hold') });
export const CaptureBody = z
  .object({
    credits: z.number().int('credits must be a whole number').min(0).max(MAX_CREDITS).optional(),
    description: description.optional(),
  })
  .strict()
  .nullish();
export const CaptureAnswer = Balance.extend({ captured: z.number() });

export const LotView = z.object({
  id: z.string(),
  source: z.enum(LOT_SOURCES),
  amount: z.number(),
  remaining: z.number(),
  priority: z.number(),
  expiresAt: z.string().nullable(),
  grantedAt: z.string(),
  description: z.string(),
});
export const HoldView = z.object({ holdId: z.string(), credits: z.number(), expiresAt: z.string(), description: z.string() });
export const CreditsAnswer = z.object({
  balance: z.number(),
  available: z.number(),
  held: z.number(),
  lots: z.array(LotView),
  holds: z.array(HoldView),
  pending: Pending,
});

export const AdjustBody = z.object({
  amount: z
    .number()
    .int('amount must be a whole number')
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, 'amount must not be zero'),
  description: z.string().trim().min(1, 'description is required').max(500),
  expiresAt: z.iso.datetime({ offset: true, message: 'expiresAt must be an ISO 8601 date and time' }).optional(),
  priority: z.number().int('priority must be a whole number').min(0).max(MAX_PRIORITY).optional(),
  source: z.enum(['manual', 'promo']).optional(),
});
export const AdjustAnswer = Balance.extend({ lotId: z.string().nullable() });

export const OrgIdParams = z.object({ id: idParam('Organization') });

/** The admin's view of an organization's lots and holds, from the read model (closed ones too). */
export const AdminLot = LotView.extend({ expired: z.number(), reserved: z.number(), status: z.enum(['open', 'spent', 'expired']) });
export const AdminHold = HoldView.extend({
  captured: z.number(),
  status: z.enum(['open', 'captured', 'released', 'expired']),
  placedAt: z.string(),
  closedAt: z.string().nullable(),
});
export const AdminCreditsAnswer = z.object({ lots: z.array(AdminLot), holds: z.array(AdminHold) });
