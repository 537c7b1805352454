import { z } from 'zod';
import type { PricedUsage } from '../credits/usage-events.ts';
import { formatPico, toMicros } from '../platform/decimal.ts';
import type { RateCardPrices } from '../ratecard/rate-card.ts';

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

type UsageEvent = z.infer<typeof UsageEvent>;
const FIELDS = UsageEvent.shape;
const isText = (x: unknown) => typeof x === 'string' && x.length >= 1 && x.length <= 200;

/**
 * The event when it is plainly one the schema takes, checked field by field without building zod's
 * copy (a batch is a thousand events); null leaves it to the schema.
 */
function wellFormed(raw: unknown): UsageEvent | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const event = raw as Record<string, unknown>;
  if (Object.keys(event).some((key) => !Object.hasOwn(FIELDS, key))) return null;
  const { id, meter, quantity, timestamp, projectId, properties } = event;
  if (!isText(id) || !isText(meter) || typeof quantity !== 'number' || !Number.isFinite(quantity)) return null;
  if (timestamp !== undefined && !FIELDS.timestamp.safeParse(timestamp).success) return null;
  if (projectId !== undefined && !FIELDS.projectId.safeParse(projectId).success) return null;
  if (properties !== undefined && !FIELDS.properties.safeParse(properties).success) return null;
  return event as UsageEvent;
}

const REASON_OF_FIELD: Record<string, Reason> = { id: 'invalid_id', quantity: 'invalid_quantity', timestamp: 'invalid_timestamp', projectId: 'invalid_project' };

const refuse = (id: string, reason: Reason, message: string): Checked => ({ ok: false, id, reason, message });

/** The event as the schema takes it, or why it refuses it. */
function parse(raw: unknown): { event: UsageEvent } | { refused: Checked } {
  const event = wellFormed(raw);
  if (event) return { event };
  const parsed = UsageEvent.safeParse(raw);
  if (parsed.success) return { event: parsed.data };
  const rawId = raw && typeof raw === 'object' && typeof (raw as { id?: unknown }).id === 'string' ? (raw as { id: string }).id : '';
  const issue = parsed.error.issues[0];
  if (issue.code === 'unrecognized_keys') return { refused: refuse(rawId, 'unknown_field', `unknown field: ${issue.keys.join(', ')}`) };
  const field = String(issue.path[0] ?? '');
  return { refused: refuse(rawId, REASON_OF_FIELD[field] ?? 'invalid_event', `${field || 'event'}: ${issue.message}`) };
}

/**
 * A batch's events, each checked and priced by the version in force at its timestamp (or `now`):
 * never throws. Events without a timestamp share `now`'s (one instant, one version looked up).
 */
export function checkEvents(raws: unknown[], prices: RateCardPrices, now: number): Checked[] {
  const nowText = new Date(now).toISOString();
  return raws.map((raw) => checkEvent(raw, prices, now, nowText));
}

function checkEvent(raw: unknown, prices: RateCardPrices, now: number, nowText: string): Checked {
  const parsed = parse(raw);
  if ('refused' in parsed) return parsed.refused;
  const { event } = parsed;
  const quantity = toMicros(event.quantity);
  if (quantity === null || quantity <= 0n) return refuse(event.id, 'invalid_quantity', 'quantity must be a positive number with at most 6 decimals');
  const time = event.timestamp ? Date.parse(event.timestamp) : now;
  if (time > now + MAX_FUTURE_MS) return refuse(event.id, 'timestamp_in_future', 'timestamp is more than 5 minutes in the future');
  if (time < now - MAX_BACKDATE_MS) return refuse(event.id, 'timestamp_too_old', 'timestamp is more than 35 days in the past');
  const timestamp = event.timestamp ? new Date(time).toISOString() : nowText;
  const priced = prices.at(event.meter, quantity, timestamp);
  if (!priced.ok) {
    const message = priced.reason === 'unknown_meter' ? `the rate card in force at the event's time has no meter ${event.meter}` : `no rate card was in force at the event's time`;
    return refuse(event.id, priced.reason, message);
  }
  return {
    ok: true,
    item: { id: event.id, meter: event.meter, quantity: event.quantity, credits: formatPico(priced.pico), version: priced.version, timestamp, projectId: event.projectId ?? null },
  };
}
