import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { evolveStripeEvent, initialStripeEventState, type StripeEventEnvelope, type StripeEventLogEvent, type StripeEventState } from './events.ts';

export type ReceiveStripeEvent = { type: 'ReceiveStripeEvent'; data: { event: StripeEventEnvelope; at: string } };
export type MarkStripeEventProcessed = { type: 'MarkStripeEventProcessed'; data: { eventId: string; orgId: string | null; summary: string; at: string } };
export type MarkStripeEventIgnored = { type: 'MarkStripeEventIgnored'; data: { eventId: string; reason: string; at: string } };
export type MarkStripeEventFailed = { type: 'MarkStripeEventFailed'; data: { eventId: string; reason: string; at: string } };

export type RetryStripeEvent = { type: 'RetryStripeEvent'; data: { eventId: string; requestedBy: string; at: string } };

export type StripeEventCommand = ReceiveStripeEvent | MarkStripeEventProcessed | MarkStripeEventIgnored | MarkStripeEventFailed | RetryStripeEvent;

/** A redelivery decides nothing: the caller answers it as a duplicate. */
function receive({ data }: ReceiveStripeEvent, state: StripeEventState): StripeEventLogEvent[] {
  if (state.received) return [];
  const { event, at } = data;
  return [
    {
      type: 'StripeEventReceived',
      data: { eventId: event.id, type: event.type, created: event.created, livemode: event.livemode === true, event, at },
    },
  ];
}

/** An outcome is recorded once, and only for an event still waiting for one. */
const pending = (state: StripeEventState) => state.received && state.status === 'received';

/**
 * Only a failed event is retried, so its stream alternates a request (received, retry) and an
 * outcome: an odd version waits for one (the worker's sweep reads that, migrations/003).
 */
function retry({ data }: RetryStripeEvent, state: StripeEventState): StripeEventLogEvent[] {
  if (!state.received) throw new NotFoundError('Stripe event');
  if (state.status !== 'failed') throw new ConflictError(`Only a failed event can be retried; this one is ${state.status}`, { status: state.status });
  return [{ type: 'StripeEventRetryRequested', data }];
}

export function decideStripeEvent(command: StripeEventCommand, state: StripeEventState): StripeEventLogEvent[] {
  switch (command.type) {
    case 'ReceiveStripeEvent':
      return receive(command, state);
    case 'MarkStripeEventProcessed':
      return pending(state) ? [{ type: 'StripeEventProcessed', data: command.data }] : [];
    case 'MarkStripeEventIgnored':
      return pending(state) ? [{ type: 'StripeEventIgnored', data: command.data }] : [];
    case 'MarkStripeEventFailed':
      return pending(state) ? [{ type: 'StripeEventFailed', data: command.data }] : [];
    case 'RetryStripeEvent':
      return retry(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const stripeEventDecider: Decider<StripeEventCommand, StripeEventLogEvent, StripeEventState> = {
  initialState: initialStripeEventState,
  evolve: evolveStripeEvent,
  decide: decideStripeEvent,
};
