import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError } from '../platform/errors.ts';
import { decideRecord, decideStart, type AutoTopUpCommand } from './auto-top-up.ts';
import { decideCredits, type CreditCommand } from './credit-decisions.ts';
import { availableOf, evolveOrg, initialOrgState, upcastOrgEvent, type AutoTopUpConfigured, type OrgEvent, type OrgPlan, type OrgState } from './events.ts';
import { ValidationError } from '../platform/errors.ts';

export type {
  AdjustCredits,
  CaptureHold,
  CreditCommand,
  DebitCredits,
  ExpireCredits,
  ExpireHold,
  GrantCredits,
  PlaceHold,
  ReleaseHold,
  RevokeCredits,
} from './credit-decisions.ts';

export type CreateOrganization = { type: 'CreateOrganization'; data: { orgId: string; name: string; createdBy: string; at: string } };
export type RenameOrganization = { type: 'RenameOrganization'; data: { orgId: string; name: string; at: string } };
export type SetOrganizationActive = { type: 'SetOrganizationActive'; data: { orgId: string; active: boolean; at: string } };
/** The admin's Enable/Disable button: decided against the stream's own state, so a retry after a clash re-reads it. */
export type ToggleOrganizationActive = { type: 'ToggleOrganizationActive'; data: { orgId: string; at: string } };
export type SubscribePlan = { type: 'SubscribePlan'; data: { orgId: string; plan: OrgPlan; at: string } };
export type LinkStripeCustomer = { type: 'LinkStripeCustomer'; data: { orgId: string; customerId: string; at: string } };
export type ConfigureAutoTopUp = { type: 'ConfigureAutoTopUp'; data: AutoTopUpConfigured['data'] };
export type CancelPlan = { type: 'CancelPlan'; data: { orgId: string; subscriptionId: string | null; at: string } };

export type SetAlerts = { type: 'SetAlerts'; data: { orgId: string; lowBalanceCredits: number | null; at: string } };

export type OrgCommand =
  | SetAlerts
  | CreateOrganization
  | RenameOrganization
  | SetOrganizationActive
  | ToggleOrganizationActive
  | CreditCommand
  | SubscribePlan
  | CancelPlan
  | LinkStripeCustomer
  | ConfigureAutoTopUp
  | AutoTopUpCommand;

function mustExist(state: OrgState) {
  if (!state.exists) throw new NotFoundError('Organization');
}

function create({ data }: CreateOrganization, state: OrgState): OrgEvent[] {
  if (state.exists) throw new ConflictError('Organization already exists');
  return [{ type: 'OrganizationCreated', data }];
}

function rename({ data }: RenameOrganization, state: OrgState): OrgEvent[] {
  mustExist(state);
  return state.name === data.name ? [] : [{ type: 'OrganizationRenamed', data }];
}

function setActive({ data }: SetOrganizationActive, state: OrgState): OrgEvent[] {
  mustExist(state);
  if (state.active === data.active) return [];
  const ev = { orgId: data.orgId, at: data.at };
  return [data.active ? { type: 'OrganizationActivated', data: ev } : { type: 'OrganizationDeactivated', data: ev }];
}

function subscribe({ data }: SubscribePlan, state: OrgState): OrgEvent[] {
  mustExist(state);
  const same = state.plan && state.plan.planId === data.plan.planId && state.plan.subscriptionId === data.plan.subscriptionId;
  return same ? [] : [{ type: 'PlanSubscribed', data }];
}

function cancel({ data }: CancelPlan, state: OrgState): OrgEvent[] {
  mustExist(state);
  if (!state.plan) return [];
  if (data.subscriptionId && state.plan.subscriptionId !== data.subscriptionId) return [];
  return [{ type: 'PlanCancelled', data: { orgId: data.orgId, planId: state.plan.planId, subscriptionId: state.plan.subscriptionId, at: data.at } }];
}

/** The first customer linked stays the organization's: a second (two checkouts raced) links nothing. */
function linkCustomer({ data }: LinkStripeCustomer, state: OrgState): OrgEvent[] {
  mustExist(state);
  return state.stripeCustomerId ? [] : [{ type: 'StripeCustomerLinked', data }];
}

function setAlerts({ data }: SetAlerts, state: OrgState): OrgEvent[] {
  mustExist(state);
  const low = data.lowBalanceCredits;
  if (low !== null && (!Number.isSafeInteger(low) || low < 1)) throw new ValidationError('lowBalanceCredits must be a positive whole number or null', 'lowBalanceCredits');
  return state.alerts.lowBalanceCredits === low ? [] : [{ type: 'AlertsSet', data }];
}

/** What a credit command's events say to the organization's systems (when it set a threshold): available fell below it, or reached 0. */
function alertsAfter(state: OrgState, events: OrgEvent[], orgId: string, at: string): OrgEvent[] {
  // Alerts are on once the organization set a threshold (credit events never change it): other
  // streams stay as they were, and their debits fold nothing more.
  if (events.length === 0 || state.alerts.lowBalanceCredits === null) return [];
  const after = events.reduce(evolveOrg, state);
  const available = availableOf(after);
  const { lowBalanceCredits: low, lowSent, depletedSent } = after.alerts;
  if (low === null) return [];
  const said: OrgEvent[] = [];
  if (available < low && !lowSent) said.push({ type: 'CreditsLow', data: { orgId: orgId, available, threshold: low, at } });
  if (available <= 0 && !depletedSent) said.push({ type: 'CreditsDepleted', data: { orgId: orgId, available, at } });
  return said;
}

function decideCreditsWithAlerts(command: CreditCommand, state: OrgState): OrgEvent[] {
  const events = decideCredits(command, state);
  return [...events, ...alertsAfter(state, events, command.data.orgId, command.data.at)];
}

/** The same settings again append nothing. */
function configureAutoTopUp({ data }: ConfigureAutoTopUp, state: OrgState): OrgEvent[] {
  mustExist(state);
  const was = state.autoTopUp;
  const now = data.settings;
  const same = was && was.enabled === now.enabled && was.thresholdCredits === now.thresholdCredits && was.planId === now.planId && was.maxPerMonth === now.maxPerMonth;
  return same ? [] : [{ type: 'AutoTopUpConfigured', data }];
}

export function decideOrg(command: OrgCommand, state: OrgState): OrgEvent[] {
  switch (command.type) {
    case 'SetAlerts':
      return setAlerts(command, state);
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
    case 'ConfigureAutoTopUp':
      return configureAutoTopUp(command, state);
    case 'StartAutoTopUp':
      mustExist(state);
      return decideStart(command, state.autoTopUp, state.topUps);
    case 'RecordAutoTopUp':
      return decideRecord(command, state.topUps);
    case 'GrantCredits':
    case 'DebitCredits':
    case 'RevokeCredits':
    case 'AdjustCredits':
    case 'PlaceHold':
    case 'CaptureHold':
    case 'ReleaseHold':
    case 'ExpireHold':
    case 'ExpireCredits':
      return decideCreditsWithAlerts(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const orgDecider: Decider<OrgCommand, OrgEvent, OrgState> = {
  initialState: initialOrgState,
  evolve: evolveOrg,
  decide: decideOrg,
  upcast: (event) => upcastOrgEvent(event) as unknown as OrgEvent,
  // 2: lots and holds (events before them are upcast when the stream is read again); 3: the Stripe customer, alerts or auto top-up (three branches); 5: all three.
  snapshotVersion: 5,
};
