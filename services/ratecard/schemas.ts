import { z } from 'zod';

export const RateCardEntry = z
  .object({
    meter: z.string().trim().min(1).max(200),
    unit: z.string().trim().max(50).default('unit'),
    description: z.string().trim().max(500).default(''),
    creditsPerUnit: z.number(),
  })
  .strict();

export const PublishBody = z
  .object({
    /** Default: now. */
    effectiveFrom: z.iso.datetime({ offset: true, message: 'effectiveFrom must be an ISO 8601 date and time' }).optional(),
    entries: z.array(RateCardEntry).min(1).max(1000),
  })
  .strict();

export const RateCardVersion = z.object({
  version: z.number(),
  effectiveFrom: z.string(),
  entries: z.array(z.object({ meter: z.string(), unit: z.string(), description: z.string(), creditsPerUnit: z.number() })),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
});

export const RateCardsAnswer = z.object({ current: RateCardVersion.nullable(), versions: z.array(RateCardVersion) });

export const BacktestBody = z
  .object({
    draft: z.object({ entries: z.array(RateCardEntry).min(1).max(1000) }).strict(),
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .strict();

export const BacktestRow = z.object({
  orgId: z.string(),
  name: z.string(),
  events: z.number(),
  charged: z.number(),
  draft: z.number(),
  difference: z.number(),
  /** Events whose meter the draft does not price (counted at 0). */
  unpriced: z.number(),
});
export const BacktestAnswer = z.object({ from: z.string(), to: z.string(), orgs: z.array(BacktestRow), charged: z.number(), draft: z.number() });
