import type { Decider } from '../eventstore/decider.ts';
import type { DomainEvent } from '../eventstore/types.ts';

/**
 * The life of one Stripe subscription, so that events arriving in any order end the same way:
 * once it has ended, a late checkout for it no longer starts the plan.
 */
export type StripeSubscriptionStarted = DomainEvent<
  'StripeSubscriptionStarted',
  { subscriptionId: string; orgId: string; planId: string; at: string }
>;
export type StripeSubscriptionEnded = DomainEvent<'StripeSubscriptionEnded', { subscriptionId: string; orgId: string; at: string }>;
export type StripeSubscriptionEvent = StripeSubscriptionStarted | StripeSubscriptionEnded;

export interface StripeSubscriptionState {
  started: boolean;
  ended: boolean;
  orgId: string | null;
  planId: string | null;
}

export type StartSubscription = { type: 'StartSubscription'; data: { subscriptionId: string; orgId: string; planId: string; at: string } };
export type EndSubscription = { type: 'EndSubscription'; data: { subscriptionId: string; orgId: string; at: string } };
export type StripeSubscriptionCommand = StartSubscription | EndSubscription;

export const stripeSubscriptionStreamId = (subscriptionId: string) => `stripe_subscription-${subscriptionId}`;

const initial = (): StripeSubscriptionState => ({ started: false, ended: false, orgId: null, planId: null });

function evolve(state: StripeSubscriptionState, event: StripeSubscriptionEvent): StripeSubscriptionState {
  switch (event.type) {
    case 'StripeSubscriptionStarted':
      return { ...state, started: true, orgId: event.data.orgId, planId: event.data.planId };
    case 'StripeSubscriptionEnded':
      return { ...state, ended: true, orgId: state.orgId ?? event.data.orgId };
  }
}

function decide(command: StripeSubscriptionCommand, state: StripeSubscriptionState): StripeSubscriptionEvent[] {
  switch (command.type) {
    case 'StartSubscription':
      return state.started || state.ended ? [] : [{ type: 'StripeSubscriptionStarted', data: command.data }];
    case 'EndSubscription':
      return state.ended ? [] : [{ type: 'StripeSubscriptionEnded', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const stripeSubscriptionDecider: Decider<StripeSubscriptionCommand, StripeSubscriptionEvent, StripeSubscriptionState> = {
  initialState: initial,
  evolve,
  decide,
};
