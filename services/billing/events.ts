import type { DomainEvent } from '../eventstore/types.ts';

/** A Stripe event as received: the parts we read, and the whole object kept as it came. */
export interface StripeEventEnvelope {
  id: string;
  type: string;
  created: number;
  livemode?: boolean;
  data: { object: Record<string, unknown> };
  [key: string]: unknown;
}

export type StripeEventReceived = DomainEvent<
  'StripeEventReceived',
  { eventId: string; type: string; created: number; livemode: boolean; event: StripeEventEnvelope; at: string }
>;
export type StripeEventProcessed = DomainEvent<
  'StripeEventProcessed',
  { eventId: string; orgId: string | null; summary: string; at: string }
>;
export type StripeEventIgnored = DomainEvent<'StripeEventIgnored', { eventId: string; reason: string; at: string }>;
export type StripeEventFailed = DomainEvent<'StripeEventFailed', { eventId: string; reason: string; at: string }>;
/** An admin asked to apply a failed event again (its cause fixed): it waits for an outcome again. */
export type StripeEventRetryRequested = DomainEvent<'StripeEventRetryRequested', { eventId: string; requestedBy: string; at: string }>;

export type StripeEventLogEvent = StripeEventReceived | StripeEventProcessed | StripeEventIgnored | StripeEventFailed | StripeEventRetryRequested;

export type StripeEventStatus = 'received' | 'processed' | 'ignored' | 'failed';

export type StripeEventState =
  | { received: false }
  /** `outcome`: the summary or reason of the outcome recorded since the last request (what an applier that came second answers). */
  | { received: true; status: StripeEventStatus; event: StripeEventEnvelope; receivedAt: string; outcome?: string };

/** One stream per Stripe event id: a redelivery finds the stream and appends nothing. */
export const stripeEventStreamId = (eventId: string) => `stripe_event-${eventId}`;

export const initialStripeEventState = (): StripeEventState => ({ received: false });

const STATUS = {
  StripeEventProcessed: 'processed',
  StripeEventIgnored: 'ignored',
  StripeEventFailed: 'failed',
} as const;

export function evolveStripeEvent(state: StripeEventState, event: StripeEventLogEvent): StripeEventState {
  switch (event.type) {
    case 'StripeEventReceived':
      return { received: true, status: 'received', event: event.data.event, receivedAt: event.data.at };
    case 'StripeEventRetryRequested':
      return state.received ? { ...state, status: 'received', outcome: undefined } : state;
    case 'StripeEventProcessed':
      return state.received ? { ...state, status: STATUS[event.type], outcome: event.data.summary } : state;
    case 'StripeEventIgnored':
    case 'StripeEventFailed':
      return state.received ? { ...state, status: STATUS[event.type], outcome: event.data.reason } : state;
  }
}
