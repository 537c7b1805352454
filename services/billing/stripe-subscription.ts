import type { Decider } from '../eventstore/decider.ts';
import { ConflictError } from '../platform/errors.ts';
import type { DomainEvent } from '../eventstore/types.ts';

/**
 * The life of one Stripe subscription, so that events arriving in any order end the same way:
 * once it has ended, a late checkout or update no longer starts anything; an update older than
 * the last one applied (Stripe's `created`) changes nothing.
 */
export type StripeSubscriptionStarted = DomainEvent<
  'StripeSubscriptionStarted',
  { subscriptionId: string; orgId: string; planId: string; at: string; currentPeriodEnd?: number | null }
>;
export type StripeSubscriptionEnded = DomainEvent<'StripeSubscriptionEnded', { subscriptionId: string; orgId: string; at: string }>;
/** What Stripe said the subscription is (customer.subscription.updated), the plan in force and any scheduled one. */
export type StripeSubscriptionUpdated = DomainEvent<
  'StripeSubscriptionUpdated',
  {
    subscriptionId: string;
    orgId: string;
    planId: string;
    status: string;
    currentPeriodEnd: number | null;
    cancelAtPeriodEnd: boolean;
    pendingPlanId: string | null;
    created: number;
    at: string;
  }
>;
/** A member asked for another plan; until Stripe confirms it, no other change is accepted. */
export type PlanChangeRequested = DomainEvent<'PlanChangeRequested', { subscriptionId: string; planId: string; fromPlanId: string; at: string }>;
/** Stripe refused the change: nothing is pending any more. */
export type PlanChangeAbandoned = DomainEvent<'PlanChangeAbandoned', { subscriptionId: string; planId: string; at: string }>;
/** A paid invoice billed the period up to `periodEnd`. */
export type StripeSubscriptionPeriodPaid = DomainEvent<'StripeSubscriptionPeriodPaid', { subscriptionId: string; orgId: string; periodEnd: number; at: string }>;
export type StripeSubscriptionEvent =
  | StripeSubscriptionStarted
  | StripeSubscriptionEnded
  | StripeSubscriptionUpdated
  | StripeSubscriptionPeriodPaid
  | PlanChangeRequested
  | PlanChangeAbandoned;

export interface StripeSubscriptionState {
  started: boolean;
  ended: boolean;
  orgId: string | null;
  planId: string | null;
  status: string;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** The plan a scheduled downgrade moves to at the period's end. */
  pendingPlanId: string | null;
  /** A change asked of Stripe and not yet confirmed by its event. */
  requestedPlanId: string | null;
  lastUpdate: number;
}

export type StartSubscription = { type: 'StartSubscription'; data: StripeSubscriptionStarted['data'] };
export type EndSubscription = { type: 'EndSubscription'; data: { subscriptionId: string; orgId: string; at: string } };
export type UpdateSubscription = { type: 'UpdateSubscription'; data: StripeSubscriptionUpdated['data'] };
export type RequestPlanChange = { type: 'RequestPlanChange'; data: PlanChangeRequested['data'] };
export type AbandonPlanChange = { type: 'AbandonPlanChange'; data: PlanChangeAbandoned['data'] };
export type RecordPeriodPaid = { type: 'RecordPeriodPaid'; data: StripeSubscriptionPeriodPaid['data'] };
export type StripeSubscriptionCommand = StartSubscription | EndSubscription | UpdateSubscription | RecordPeriodPaid | RequestPlanChange | AbandonPlanChange;

export const stripeSubscriptionStreamId = (subscriptionId: string) => `stripe_subscription-${subscriptionId}`;

const initial = (): StripeSubscriptionState => ({
  started: false,
  ended: false,
  orgId: null,
  planId: null,
  status: 'incomplete',
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pendingPlanId: null,
  requestedPlanId: null,
  lastUpdate: 0,
});

function evolve(state: StripeSubscriptionState, event: StripeSubscriptionEvent): StripeSubscriptionState {
  switch (event.type) {
    case 'StripeSubscriptionStarted':
      return {
        ...state,
        started: true,
        orgId: event.data.orgId,
        planId: state.planId ?? event.data.planId,
        status: state.lastUpdate ? state.status : 'active',
        currentPeriodEnd: state.currentPeriodEnd ?? event.data.currentPeriodEnd ?? null,
      };
    case 'StripeSubscriptionEnded':
      return { ...state, ended: true, status: 'canceled', orgId: state.orgId ?? event.data.orgId, requestedPlanId: null, pendingPlanId: null };
    case 'StripeSubscriptionUpdated': {
      const d = event.data;
      const confirmed = state.requestedPlanId && (d.planId === state.requestedPlanId || d.pendingPlanId === state.requestedPlanId);
      return {
        ...state,
        orgId: state.orgId ?? d.orgId,
        planId: d.planId,
        status: d.status,
        currentPeriodEnd: d.currentPeriodEnd,
        cancelAtPeriodEnd: d.cancelAtPeriodEnd,
        pendingPlanId: d.pendingPlanId,
        requestedPlanId: confirmed ? null : state.requestedPlanId,
        lastUpdate: d.created,
      };
    }
    case 'StripeSubscriptionPeriodPaid':
      return { ...state, orgId: state.orgId ?? event.data.orgId, currentPeriodEnd: Math.max(state.currentPeriodEnd ?? 0, event.data.periodEnd) };
    case 'PlanChangeRequested':
      return { ...state, requestedPlanId: event.data.planId };
    case 'PlanChangeAbandoned':
      return state.requestedPlanId === event.data.planId ? { ...state, requestedPlanId: null } : state;
  }
}

function requestChange({ data }: RequestPlanChange, state: StripeSubscriptionState): StripeSubscriptionEvent[] {
  if (state.ended) throw new ConflictError('This subscription has ended: choose a plan again on the pricing page');
  if (state.requestedPlanId) throw new ConflictError('A plan change is still being applied: try again in a moment', { error: 'plan_change_pending' });
  // Choosing the plan in force again is how a scheduled downgrade is called off: it is not a second change.
  if (state.pendingPlanId && data.planId !== state.planId) {
    throw new ConflictError('A plan change is already scheduled for the end of this period: choose your current plan to call it off first', {
      error: 'plan_change_pending',
    });
  }
  return [{ type: 'PlanChangeRequested', data }];
}

function decide(command: StripeSubscriptionCommand, state: StripeSubscriptionState): StripeSubscriptionEvent[] {
  switch (command.type) {
    case 'StartSubscription':
      return state.started || state.ended ? [] : [{ type: 'StripeSubscriptionStarted', data: command.data }];
    case 'EndSubscription':
      return state.ended ? [] : [{ type: 'StripeSubscriptionEnded', data: command.data }];
    case 'UpdateSubscription':
      // Ended is final; an update older than the one applied is stale (Stripe does not promise order).
      return state.ended || command.data.created < state.lastUpdate ? [] : [{ type: 'StripeSubscriptionUpdated', data: command.data }];
    case 'RecordPeriodPaid':
      return state.ended || command.data.periodEnd <= (state.currentPeriodEnd ?? 0) ? [] : [{ type: 'StripeSubscriptionPeriodPaid', data: command.data }];
    case 'RequestPlanChange':
      return requestChange(command, state);
    case 'AbandonPlanChange':
      return state.requestedPlanId === command.data.planId ? [{ type: 'PlanChangeAbandoned', data: command.data }] : [];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Stripe's statuses that count as a live subscription: at most one per organization. */
export const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

export const stripeSubscriptionDecider: Decider<StripeSubscriptionCommand, StripeSubscriptionEvent, StripeSubscriptionState> = {
  initialState: initial,
  evolve,
  decide,
};
