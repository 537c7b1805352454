import { z } from 'zod';
import { idParam } from '../platform/ids.ts';

export const StreamParams = z.object({ streamId: z.string().min(1).max(200) });
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
});
export const StreamEvent = z.object({
  position: z.number(),
  streamPosition: z.number(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** The member a spend (a debit, a hold) was made for, when a signed-in member made it. */
  member: z.object({ userId: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export const StreamEventsAnswer = z.object({ data: z.array(StreamEvent), totalPages: z.number(), total: z.number() });
export const VerifyAnswer = z.object({ ok: z.boolean(), checked: z.number(), firstBadPosition: z.number().nullable() });
export const OrgParams = z.object({ id: idParam('Organization') });
export const BalanceQuery = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export const BalanceAnswer = z.object({ balance: z.number(), available: z.number(), held: z.number(), at: z.string() });
