import { formatDateTime, plural, shortId } from '../../lib/format';
import type { StreamEvent } from './types';

/** The events that change the balance (each carries `balanceAfter`). */
export const creditEventTypes: readonly string[] = ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked', 'CreditsExpired'];

/** `org-<uuid>` -> { kind: 'org', id: '<uuid>' }; a stream id without a dash has no kind. */
export function parseStreamId(streamId: string): { kind: string; id: string } {
  const dash = streamId.indexOf('-');
  return dash > 0 ? { kind: streamId.slice(0, dash), id: streamId.slice(dash + 1) } : { kind: '', id: streamId };
}

/** The balance after a credit event, or null for any other event. */
export function balanceAfter(event: Pick<StreamEvent, 'type' | 'data'>): number | null {
  if (!creditEventTypes.includes(event.type)) return null;
  const value = (event.data as { balanceAfter?: unknown } | null)?.balanceAfter;
  return typeof value === 'number' ? value : null;
}

/** The signed change of a credit event: grants add; debits, revocations and expiries take away. */
export function creditChange(event: Pick<StreamEvent, 'type' | 'data'>): number | null {
  const amount = (event.data as { amount?: unknown } | null)?.amount;
  if (!creditEventTypes.includes(event.type) || typeof amount !== 'number') return null;
  return event.type === 'CreditsGranted' ? amount : -amount;
}

type Data = Record<string, unknown>;
const credits = (value: unknown) => (typeof value === 'number' ? plural(value, 'credit') : '? credits');
const id = (value: unknown) => (typeof value === 'string' ? shortId(value) : '?');
const expiry = (value: unknown) => (typeof value === 'string' ? `expires ${formatDateTime(value)}` : 'never expires');

const grantSources: Record<string, string> = {
  plan_monthly: 'monthly plan',
  plan_one_time: 'one-time plan',
  purchase: 'purchase',
  auto_top_up: 'automatic top-up',
  manual: 'manual',
  promo: 'promotion',
};

/**
 * One line that says what a lot or hold event did, in words: the lot a grant created (source,
 * priority, expiry), an expiry, a hold placed, captured, released or expired. Null for other events.
 * Grants written before lots existed lack the lot fields: they were never-expiring lots.
 */
export function ledgerSummary(event: Pick<StreamEvent, 'type' | 'data'>): string | null {
  const d = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'CreditsGranted': {
      const source = typeof d.source === 'string' ? (grantSources[d.source] ?? d.source) : 'granted before lots';
      const priority = typeof d.priority === 'number' ? ` · priority ${d.priority}` : '';
      const lot = typeof d.lotId === 'string' ? `Lot ${shortId(d.lotId)}` : 'Lot';
      return `${lot} of ${credits(d.amount)} · ${source}${priority} · ${expiry(d.expiresAt ?? null)}`;
    }
    case 'CreditsExpired':
      return `${credits(d.amount)} of lot ${id(d.lotId)} expired`;
    case 'CreditsDebited':
      return typeof d.holdId === 'string' ? `Hold ${id(d.holdId)} captured: ${credits(d.amount)} spent` : null;
    case 'HoldPlaced':
      return `Hold ${id(d.holdId)} placed: ${credits(d.credits)} held · ${expiry(d.expiresAt)}`;
    case 'HoldReleased':
      return `Hold ${id(d.holdId)} released: ${credits(d.credits)} no longer held`;
    case 'HoldExpired':
      return `Hold ${id(d.holdId)} expired: ${credits(d.credits)} no longer held`;
    default:
      return null;
  }
}

/** The signed change of what is held: a hold placed adds; its capture, release or expiry takes away. Null for other events. */
export function heldChange(event: Pick<StreamEvent, 'type' | 'data'>): number | null {
  const d = (event.data ?? {}) as Data;
  if (event.type === 'CreditsDebited') return typeof d.holdId === 'string' && typeof d.amount === 'number' ? -d.amount : null;
  if (typeof d.credits !== 'number') return null;
  if (event.type === 'HoldPlaced') return d.credits;
  return event.type === 'HoldReleased' || event.type === 'HoldExpired' ? -d.credits : null;
}

/** One usage event of a `UsageRecorded` batch, or one metered part of a board call's capture, as the history's table shows it. */
export interface UsageLine {
  /** The usage event's id; null for a capture's part. */
  id: string | null;
  meter: string;
  quantity: number;
  /** The rate-card version that priced a usage event; null for a capture's part. */
  version: number | null;
  /** Its exact cost in credits (a decimal text, as recorded). */
  credits: string;
  projectId: string | null;
}

/**
 * The usage events a `UsageRecorded` batch accepted (meter, quantity, rate-card version, credits), or the
 * tokens a board call's capture (`CreditsDebited` with `metered`) counted; null for other events.
 */
export function usageLines(event: Pick<StreamEvent, 'type' | 'data'>): UsageLine[] | null {
  const data = (event.data ?? null) as { items?: unknown; metered?: unknown } | null;
  const captured = event.type === 'CreditsDebited' && Array.isArray(data?.metered);
  if (event.type !== 'UsageRecorded' && !captured) return null;
  const items = captured ? data?.metered : data?.items;
  if (!Array.isArray(items)) return [];
  return items.map((raw) => {
    const i = (raw ?? {}) as Data;
    return {
      id: captured ? null : typeof i.id === 'string' ? i.id : '?',
      meter: typeof i.meter === 'string' ? i.meter : '?',
      quantity: typeof i.quantity === 'number' ? i.quantity : 0,
      version: captured ? null : typeof i.version === 'number' ? i.version : 0,
      credits: typeof i.credits === 'string' ? i.credits : String(i.credits ?? '?'),
      projectId: typeof i.projectId === 'string' ? i.projectId : null,
    };
  });
}

/**
 * What a usage batch or a priced capture left carried on each meter it moved (its fraction of a credit,
 * a decimal text, for the meter's next use to take); null for other events and older captures.
 */
export function carriedAfter(event: Pick<StreamEvent, 'type' | 'data'>): { meter: string; credits: string }[] | null {
  if (event.type !== 'UsageRecorded' && event.type !== 'CreditsDebited') return null;
  const remainders = (event.data as { remainders?: unknown } | null)?.remainders;
  if (typeof remainders !== 'object' || remainders === null) return null;
  const moved = Object.entries(remainders as Data).map(([meter, credits]) => ({ meter, credits: String(credits) }));
  return moved.length ? moved : null;
}

/** A datetime-local value (local time, no zone) as an ISO instant; '' or nonsense gives null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const prettyJson = (value: unknown) => JSON.stringify(value ?? null, null, 2);
