import { z } from 'zod';
import type { PricedUsage } from '../credits/usage-events.ts';
import { formatPico, toMicros } from '../platform/decimal.ts';
import { priceAt } from '../ratecard/rate-card.ts';
import type { RateCardState } from '../ratecard/events.ts';

export const MAX_EVENTS = 1_000;
/** Usage may be sent up to 35 days late (priced by the rate card of then), and at most 5 minutes early. */
export const MAX_BACKDATE_MS = 35 * 86_400_000;
export const MAX_FUTURE_MS = 5 * 60_000;

/** Why an event was refused (`insufficient_credits` and `budget_exceeded` come from the credits' decision). */
export type Reason =
  | 'invalid_event'
  | 'invalid_id'
  | 'invalid_quantity'
  | 'invalid_timestamp'
  | 'invalid_project'
  | 'unknown_field'
  | 'unknown_meter'
  | 'no_rate_card'
  | 'timestamp_in_future'
  | 'timestamp_too_old'
  | 'insufficient_credits'
  | 'budget_exceeded';

export type Checked = { ok: true; item: PricedUsage } | { ok: false; id: string; reason: Reason; message: string };

const UsageEvent = z
  .object({
    id: z.string().min(1).max(200),
    meter: z.string().min(1).max(200),
    quantity: z.number(),
    timestamp: z.iso.datetime({ offset: true }).optional(),
    projectId: z.uuid().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

const REASON_OF_FIELD: Record<string, Reason> = { id: 'invalid_id', quantity: 'invalid_quantity', timestamp: 'invalid_timestamp', projectId: 'invalid_project' };

const refuse = (id: string, reason: Reason, message: string): Checked => ({ ok: false, id, reason, message });

/** One event checked and priced by the version in force at its timestamp (or now): never throws. */
export function checkEvent(raw: unknown, card: RateCardState, now: number): Checked {
  const rawId = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '';
  const parsed = UsageEvent.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue.code === 'unrecognized_keys') return refuse(rawId, 'unknown_field', `unknown field: ${issue.keys.join(', ')}`);
    const field = String(issue.path[0] ?? '');
    return refuse(rawId, REASON_OF_FIELD[field] ?? 'invalid_event', `${field || 'event'}: ${issue.message}`);
  }
  const event = parsed.data;
  const quantity = toMicros(event.quantity);
  if (quantity === null || quantity <= 0n) return refuse(event.id, 'invalid_quantity', 'quantity must be a positive number with at most 6 decimals');
  const time = event.timestamp ? Date.parse(event.timestamp) : now;
  if (time > now + MAX_FUTURE_MS) return refuse(event.id, 'timestamp_in_future', 'timestamp is more than 5 minutes in the future');
  if (time < now - MAX_BACKDATE_MS) return refuse(event.id, 'timestamp_too_old', 'timestamp is more than 35 days in the past');
  const timestamp = new Date(time).toISOString();
  const priced = priceAt(card, event.meter, quantity, timestamp);
  if (!priced.ok) {
    const message = priced.reason === 'unknown_meter' ? `the rate card in force at the event's time has no meter ${event.meter}` : `no rate card was in force at the event's time`;
    return refuse(event.id, priced.reason, message);
  }
  return {
    ok: true,
    item: { id: event.id, meter: event.meter, quantity: event.quantity, credits: formatPico(priced.pico), version: priced.version, timestamp, projectId: event.projectId ?? null },
  };
}
