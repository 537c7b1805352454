import { decideCredits, type CreditCommand } from '../credits/decider.ts';
import { upcastOrgEvent } from '../credits/events.ts';
import type { Decider, Folded } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { decideMembership, MEMBERSHIP_COMMANDS, type MembershipCommand } from './members.ts';
import { evolveOrg, initialOrgState, type LifecycleEvent, type OrgEvent, type OrgPlan, type OrgState, type SubscriptionReplaced } from './events.ts';

export type CreateOrganization = { type: 'CreateOrganization'; data: { orgId: string; name: string; createdBy: string; at: string } };
export type RenameOrganization = { type: 'RenameOrganization'; data: { orgId: string; name: string; at: string } };
export type SetOrganizationActive = { type: 'SetOrganizationActive'; data: { orgId: string; active: boolean; at: string } };
/** The admin's Enable/Disable button: decided against the stream's own state, so a retry after a clash re-reads it. */
export type ToggleOrganizationActive = { type: 'ToggleOrganizationActive'; data: { orgId: string; at: string } };
export type SubscribePlan = { type: 'SubscribePlan'; data: { orgId: string; plan: OrgPlan; at: string } };
export type LinkStripeCustomer = { type: 'LinkStripeCustomer'; data: { orgId: string; customerId: string; at: string } };
export type CancelPlan = { type: 'CancelPlan'; data: { orgId: string; subscriptionId: string | null; at: string } };
/** Records that an older subscription was ended for a newer one (once per subscription). */
export type RecordSubscriptionReplaced = { type: 'RecordSubscriptionReplaced'; data: SubscriptionReplaced['data'] };

/** The organization's own commands: its lifecycle, plan and Stripe customer. */
export type LifecycleCommand =
  | CreateOrganization
  | RenameOrganization
  | SetOrganizationActive
  | ToggleOrganizationActive
  | SubscribePlan
  | CancelPlan
  | RecordSubscriptionReplaced
  | LinkStripeCustomer;

/** Everything decided on an organization's stream: its own commands, its members' and the credits' (built only by services/credits). */
export type OrgCommand = LifecycleCommand | MembershipCommand | CreditCommand;

function mustExist(state: OrgState) {
  if (!state.exists) throw new NotFoundError('Organization');
}

function create({ data }: CreateOrganization, state: OrgState): LifecycleEvent[] {
  if (state.exists) throw new ConflictError('Organization already exists');
  return [{ type: 'OrganizationCreated', data }];
}

function rename({ data }: RenameOrganization, state: OrgState): LifecycleEvent[] {
  mustExist(state);
  return state.name === data.name ? [] : [{ type: 'OrganizationRenamed', data }];
}

function setActive({ data }: SetOrganizationActive, state: OrgState): LifecycleEvent[] {
  mustExist(state);
  if (state.active === data.active) return [];
  const ev = { orgId: data.orgId, at: data.at };
  return [data.active ? { type: 'OrganizationActivated', data: ev } : { type: 'OrganizationDeactivated', data: ev }];
}

function subscribe({ data }: SubscribePlan, state: OrgState): LifecycleEvent[] {
  mustExist(state);
  const same = state.plan && state.plan.planId === data.plan.planId && state.plan.subscriptionId === data.plan.subscriptionId;
  return same ? [] : [{ type: 'PlanSubscribed', data }];
}

function cancel({ data }: CancelPlan, state: OrgState): LifecycleEvent[] {
  mustExist(state);
  if (!state.plan) return [];
  if (data.subscriptionId && state.plan.subscriptionId !== data.subscriptionId) return [];
  return [{ type: 'PlanCancelled', data: { orgId: data.orgId, planId: state.plan.planId, subscriptionId: state.plan.subscriptionId, at: data.at } }];
}

/** The first customer linked stays the organization's: a second (two checkouts raced) links nothing. */
function linkCustomer({ data }: LinkStripeCustomer, state: OrgState): LifecycleEvent[] {
  mustExist(state);
  return state.stripeCustomerId ? [] : [{ type: 'StripeCustomerLinked', data }];
}

function decideLifecycle(command: LifecycleCommand, state: OrgState): LifecycleEvent[] {
  switch (command.type) {
    case 'CreateOrganization':
      return create(command, state);
    case 'RenameOrganization':
      return rename(command, state);
    case 'SetOrganizationActive':
      return setActive(command, state);
    case 'ToggleOrganizationActive':
      return setActive({ type: 'SetOrganizationActive', data: { ...command.data, active: !state.active } }, state);
    case 'SubscribePlan':
      return subscribe(command, state);
    case 'CancelPlan':
      return cancel(command, state);
    case 'LinkStripeCustomer':
      return linkCustomer(command, state);
    case 'RecordSubscriptionReplaced':
      mustExist(state);
      return (state.replaced ?? []).some((r) => r.subscriptionId === command.data.subscriptionId) ? [] : [{ type: 'SubscriptionReplaced', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

const LIFECYCLE_COMMANDS: ReadonlySet<string> = new Set<LifecycleCommand['type']>([
  'CreateOrganization',
  'RenameOrganization',
  'SetOrganizationActive',
  'ToggleOrganizationActive',
  'SubscribePlan',
  'CancelPlan',
  'RecordSubscriptionReplaced',
  'LinkStripeCustomer',
]);
const isLifecycle = (command: OrgCommand): command is LifecycleCommand => LIFECYCLE_COMMANDS.has(command.type);
const MEMBERSHIP: ReadonlySet<string> = new Set(MEMBERSHIP_COMMANDS);
const isMembership = (command: OrgCommand): command is MembershipCommand => MEMBERSHIP.has(command.type);

/** The organization's commands and the credits', each decided by its own and folded once. */
export function decideOrg(command: OrgCommand, state: OrgState): Folded<OrgEvent, OrgState> {
  if (isMembership(command)) {
    mustExist(state);
    const events = decideMembership(command, state);
    return { events, state: events.reduce(evolveOrg, state) };
  }
  if (!isLifecycle(command)) return decideCredits(command, state);
  const events: OrgEvent[] = decideLifecycle(command, state);
  return { events, state: events.reduce(evolveOrg, state) };
}

export const orgDecider: Decider<OrgCommand, OrgEvent, OrgState> = {
  initialState: initialOrgState,
  evolve: evolveOrg,
  decide: (command, state) => decideOrg(command, state).events,
  decideFolded: decideOrg,
  upcast: (event) => upcastOrgEvent(event) as unknown as OrgEvent,
  // 2: lots and holds (events before them are upcast when the stream is read again); 3: the Stripe customer, alerts or auto top-up (three branches); 5: all three; 6: auto top-up's recorded crossings.
  // 7: members, invitations and budgets (the whole stream is folded again, so every creator becomes an owner); 8: metered usage's remainders.
  // 9: replaced subscriptions.
  snapshotVersion: 9,
};
