import type { Decider } from '../eventstore/decider.ts';
import type { DomainEvent } from '../eventstore/types.ts';
import { ConflictError } from '../platform/errors.ts';

/**
 * The one subscription checkout an organization may have open, so that two tabs cannot start two
 * subscriptions: a checkout opened while another is open replaces it (the other is expired first),
 * and of two opened at once only the first is kept.
 */
export interface OpenCheckout {
  sessionId: string;
  planId: string;
  url: string;
  /** ISO time Stripe expires the session (checkout's expires_at). */
  expiresAt: string;
}

export type SubscriptionCheckoutOpened = DomainEvent<'SubscriptionCheckoutOpened', OpenCheckout & { orgId: string; at: string }>;
export type SubscriptionCheckoutClosed = DomainEvent<'SubscriptionCheckoutClosed', { orgId: string; sessionId: string; at: string }>;
export type CheckoutLockEvent = SubscriptionCheckoutOpened | SubscriptionCheckoutClosed;

export type CheckoutLockState = { open: OpenCheckout | null };

export type OpenSubscriptionCheckout = {
  type: 'OpenSubscriptionCheckout';
  data: OpenCheckout & { orgId: string; at: string; /** The open session this one replaces (already expired). */ replaces: string | null };
};
export type CloseSubscriptionCheckout = { type: 'CloseSubscriptionCheckout'; data: { orgId: string; sessionId: string; at: string } };
export type CheckoutLockCommand = OpenSubscriptionCheckout | CloseSubscriptionCheckout;

export const checkoutLockStreamId = (orgId: string) => `billing_checkout-${orgId}`;

/** The open checkout still payable at `at`. */
export const openAt = (state: CheckoutLockState, at: string) => (state.open && state.open.expiresAt > at ? state.open : null);

export class CheckoutAlreadyOpen extends ConflictError {
  constructor(readonly open: OpenCheckout) {
    super('Another checkout was opened for your organization a moment ago: finish it, or pick a plan again', { error: 'checkout_open' });
  }
}

function evolve(state: CheckoutLockState, event: CheckoutLockEvent): CheckoutLockState {
  switch (event.type) {
    case 'SubscriptionCheckoutOpened': {
      const { orgId: _o, at: _a, ...open } = event.data;
      return { open };
    }
    case 'SubscriptionCheckoutClosed':
      return state.open?.sessionId === event.data.sessionId ? { open: null } : state;
  }
}

function decide(command: CheckoutLockCommand, state: CheckoutLockState): CheckoutLockEvent[] {
  switch (command.type) {
    case 'OpenSubscriptionCheckout': {
      const { replaces, ...data } = command.data;
      const open = openAt(state, data.at);
      if (open && open.sessionId !== replaces) throw new CheckoutAlreadyOpen(open);
      return [{ type: 'SubscriptionCheckoutOpened', data }];
    }
    case 'CloseSubscriptionCheckout':
      return state.open?.sessionId === command.data.sessionId ? [{ type: 'SubscriptionCheckoutClosed', data: command.data }] : [];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const checkoutLockDecider: Decider<CheckoutLockCommand, CheckoutLockEvent, CheckoutLockState> = {
  initialState: () => ({ open: null }),
  evolve,
  decide,
};
