import type { Decider } from '../../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../../platform/errors.ts';
import type { DomainEvent } from '../../eventstore/types.ts';

/** A checkout of the local simulator: what Stripe's hosted page would hold for one purchase. */
export interface SimCheckout {
  sessionId: string;
  orgId: string;
  userId: string;
  email: string;
  planId: string;
  /** The organization's customer (absent on checkouts opened before customers were kept). */
  customer?: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
}

export type SimCheckoutOpened = DomainEvent<'SimCheckoutOpened', SimCheckout & { at: string }>;
export type SimCheckoutPaid = DomainEvent<
  'SimCheckoutPaid',
  { sessionId: string; customer: string; subscriptionId: string | null; invoiceId: string | null; paymentIntentId: string | null; at: string }
>;
export type SimCheckoutCancelled = DomainEvent<'SimCheckoutCancelled', { sessionId: string; at: string }>;
export type SimCheckoutEvent = SimCheckoutOpened | SimCheckoutPaid | SimCheckoutCancelled;

export type SimCheckoutState =
  | { exists: false }
  | ({ exists: true; status: 'open' | 'paid' | 'cancelled'; paid: SimCheckoutPaid['data'] | null } & SimCheckout);

export type OpenSimCheckout = { type: 'OpenSimCheckout'; data: SimCheckout & { at: string } };
export type PaySimCheckout = { type: 'PaySimCheckout'; data: SimCheckoutPaid['data'] };
export type CancelSimCheckout = { type: 'CancelSimCheckout'; data: { sessionId: string; at: string } };
export type SimCheckoutCommand = OpenSimCheckout | PaySimCheckout | CancelSimCheckout;

export const simCheckoutStreamId = (sessionId: string) => `checkout_sim-${sessionId}`;

function evolve(state: SimCheckoutState, event: SimCheckoutEvent): SimCheckoutState {
  switch (event.type) {
    case 'SimCheckoutOpened': {
      const { at: _at, ...session } = event.data;
      return { exists: true, status: 'open', paid: null, ...session };
    }
    case 'SimCheckoutPaid':
      return state.exists ? { ...state, status: 'paid', paid: event.data } : state;
    case 'SimCheckoutCancelled':
      return state.exists ? { ...state, status: 'cancelled' } : state;
  }
}

/** Paying twice (a double click) pays once; a cancelled checkout cannot be paid, nor a paid one cancelled. */
function decide(command: SimCheckoutCommand, state: SimCheckoutState): SimCheckoutEvent[] {
  switch (command.type) {
    case 'OpenSimCheckout':
      if (state.exists) throw new ConflictError('Checkout already exists');
      return [{ type: 'SimCheckoutOpened', data: command.data }];
    case 'PaySimCheckout':
      if (!state.exists) throw new NotFoundError('Checkout');
      if (state.status === 'cancelled') throw new ConflictError('This checkout was cancelled');
      return state.status === 'paid' ? [] : [{ type: 'SimCheckoutPaid', data: command.data }];
    case 'CancelSimCheckout':
      if (!state.exists) throw new NotFoundError('Checkout');
      if (state.status === 'paid') throw new ConflictError('This checkout is already paid');
      return state.status === 'cancelled' ? [] : [{ type: 'SimCheckoutCancelled', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const simCheckoutDecider: Decider<SimCheckoutCommand, SimCheckoutEvent, SimCheckoutState> = {
  initialState: () => ({ exists: false }),
  evolve,
  decide,
};
