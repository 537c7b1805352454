import type { StreamEvent } from './types';

export const creditEventTypes: readonly string[] = ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked'];

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

/** The signed change of a credit event: grants add, debits and revocations take away. */
export function creditChange(event: Pick<StreamEvent, 'type' | 'data'>): number | null {
  const amount = (event.data as { amount?: unknown } | null)?.amount;
  if (!creditEventTypes.includes(event.type) || typeof amount !== 'number') return null;
  return event.type === 'CreditsGranted' ? amount : -amount;
}

/** A datetime-local value (local time, no zone) as an ISO instant; '' or nonsense gives null. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

export const prettyJson = (value: unknown) => JSON.stringify(value ?? null, null, 2);
