import { evolveCredits, initialCreditState, type CreditEvent, type CreditStreamState } from '../credits/events.ts';
import type { DomainEvent } from '../eventstore/types.ts';
import { evolveMembership, initialMembershipState, type MembershipEvent, type MembershipState } from './members.ts';

export interface OrgPlan {
  planId: string;
  name: string;
  subscriptionId: string | null;
  isOneTime: boolean;
  monthlyCredits: number;
}

export type OrganizationCreated = DomainEvent<'OrganizationCreated', { orgId: string; name: string; createdBy: string; at: string }>;
export type OrganizationRenamed = DomainEvent<'OrganizationRenamed', { orgId: string; name: string; at: string }>;
export type OrganizationActivated = DomainEvent<'OrganizationActivated', { orgId: string; at: string }>;
export type OrganizationDeactivated = DomainEvent<'OrganizationDeactivated', { orgId: string; at: string }>;
export type PlanSubscribed = DomainEvent<'PlanSubscribed', { orgId: string; plan: OrgPlan; at: string }>;
export type PlanCancelled = DomainEvent<'PlanCancelled', { orgId: string; planId: string; subscriptionId: string | null; at: string }>;
/** The organization's one billing identity at Stripe (or the simulator): every checkout, portal and off-session payment uses it. */
export type StripeCustomerLinked = DomainEvent<'StripeCustomerLinked', { orgId: string; customerId: string; at: string }>;

/** What a second live subscription did to the older one: cancelled at once, its unused part refunded, its unspent credits revoked. */
export interface ReplacedSubscription {
  subscriptionId: string;
  planId: string | null;
  keptSubscriptionId: string;
  refundCents: number;
  currency: string;
  creditsRevoked: number;
  at: string;
}
/** A second subscription started while one was live: the newer is the plan in force, the older was ended (issue: billed twice). */
export type SubscriptionReplaced = DomainEvent<'SubscriptionReplaced', { orgId: string } & ReplacedSubscription>;

/** The organization's own events: its lifecycle, plan and Stripe customer. */
export type LifecycleEvent =
  | SubscriptionReplaced
  | OrganizationCreated
  | OrganizationRenamed
  | OrganizationActivated
  | OrganizationDeactivated
  | PlanSubscribed
  | PlanCancelled
  | StripeCustomerLinked;

/** Everything on an organization's stream: its own events, its members' and the credits' (services/credits). */
export type OrgEvent = LifecycleEvent | MembershipEvent | CreditEvent;

/** The organization's state: the credits' (balance, lots, holds, alerts, auto top-up) and its own, side by side. */
export interface OrgState extends CreditStreamState, MembershipState {
  exists: boolean;
  name: string;
  active: boolean;
  plan: OrgPlan | null;
  stripeCustomerId: string | null;
  /** Every Stripe subscription that has been this organization's plan, oldest first. */
  subscriptionIds: string[];
  /** Older subscriptions ended because a newer one started, oldest first. */
  replaced: ReplacedSubscription[];
}

export const orgStreamId = (orgId: string) => `org-${orgId}`;

export const initialOrgState = (): OrgState => ({
  exists: false,
  name: '',
  active: false,
  ...initialCreditState(),
  plan: null,
  stripeCustomerId: null,
  subscriptionIds: [],
  replaced: [],
  ...initialMembershipState(),
});

export function evolveOrg(state: OrgState, event: OrgEvent): OrgState {
  switch (event.type) {
    case 'OrganizationCreated':
      // Whoever created it is its first owner (organizations created before roles existed had only them: they become owners).
      return { ...state, exists: true, name: event.data.name, active: true, members: { ...state.members, [event.data.createdBy]: { role: 'owner', joinedAt: event.data.at } } };
    case 'OrganizationRenamed':
      return { ...state, name: event.data.name };
    case 'OrganizationActivated':
      return { ...state, active: true };
    case 'OrganizationDeactivated':
      return { ...state, active: false };
    case 'PlanSubscribed': {
      const id = event.data.plan.subscriptionId;
      const subscriptionIds = id && !state.subscriptionIds.includes(id) ? [...state.subscriptionIds, id] : state.subscriptionIds;
      return { ...state, plan: event.data.plan, subscriptionIds };
    }
    case 'PlanCancelled':
      return state.plan?.planId === event.data.planId ? { ...state, plan: null } : state;
    case 'StripeCustomerLinked':
      return { ...state, stripeCustomerId: state.stripeCustomerId ?? event.data.customerId };
    case 'SubscriptionReplaced': {
      const { orgId: _orgId, ...replaced } = event.data;
      return { ...state, replaced: [...(state.replaced ?? []), replaced] };
    }
    case 'MemberJoined':
    case 'MemberRoleChanged':
    case 'MemberLeft':
    case 'InvitationCreated':
    case 'InvitationRevoked':
    case 'InvitationAccepted':
      return evolveMembership(state, event);
    default:
      return evolveCredits(state, event);
  }
}
