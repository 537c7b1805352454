import { z } from 'zod';

/** Events are checked one by one (a bad one is refused with its reason, the others go on): any JSON value here. */
export const UsageEventsBody = z.object({ events: z.array(z.unknown()) }).strict();

export const EventResult = z.object({
  id: z.string(),
  status: z.enum(['accepted', 'duplicate', 'rejected']),
  credits: z.number().optional(),
  reason: z.string().optional(),
  message: z.string().optional(),
});

export const UsageEventsAnswer = z.object({
  results: z.array(EventResult),
  debited: z.number(),
  credits: z.number(),
  balance: z.number(),
  available: z.number(),
});
