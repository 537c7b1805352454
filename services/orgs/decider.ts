import type { Decider } from '../eventstore/decider.ts';
import { ConflictError, NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { InsufficientCredits, OrganizationInactive } from './errors.ts';
import { evolveOrg, initialOrgState, type GrantKind, type OrgEvent, type OrgPlan, type OrgState, type RevokeKind } from './events.ts';

export type CreateOrganization = { type: 'CreateOrganization'; data: { orgId: string; name: string; createdBy: string; at: string } };
export type RenameOrganization = { type: 'RenameOrganization'; data: { orgId: string; name: string; at: string } };
export type SetOrganizationActive = { type: 'SetOrganizationActive'; data: { orgId: string; active: boolean; at: string } };
export type GrantCredits = {
  type: 'GrantCredits';
  data: { orgId: string; amount: number; kind: GrantKind; description: string; key?: string; at: string };
};
export type DebitCredits = {
  type: 'DebitCredits';
  data: { orgId: string; amount: number; description: string; usageId: string; userId: string | null; at: string };
};
/** Takes credits back; never below zero: what cannot be taken is recorded as the shortfall. */
export type RevokeCredits = {
  type: 'RevokeCredits';
  data: { orgId: string; amount: number; kind: RevokeKind; description: string; key?: string; at: string };
};
/** An admin's correction: positive grants, negative takes away, and may not overdraw. */
export type AdjustCredits = { type: 'AdjustCredits'; data: { orgId: string; amount: number; description: string; at: string } };
export type SubscribePlan = { type: 'SubscribePlan'; data: { orgId: string; plan: OrgPlan; at: string } };
export type CancelPlan = { type: 'CancelPlan'; data: { orgId: string; subscriptionId: string | null; at: string } };

export type OrgCommand =
  | CreateOrganization
  | RenameOrganization
  | SetOrganizationActive
  | GrantCredits
  | DebitCredits
  | RevokeCredits
  | AdjustCredits
  | SubscribePlan
  | CancelPlan;

function mustExist(state: OrgState) {
  if (!state.exists) throw new NotFoundError('Organization');
}

function positiveWhole(amount: number, field = 'amount') {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new ValidationError(`${field} must be a positive whole number`, field);
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

function grant({ data }: GrantCredits, state: OrgState): OrgEvent[] {
  mustExist(state);
  positiveWhole(data.amount);
  const key = data.key ?? null;
  if (key && state.appliedKeys.includes(key)) return [];
  return [{ type: 'CreditsGranted', data: { ...data, key, balanceAfter: state.balance + data.amount } }];
}

function debit({ data }: DebitCredits, state: OrgState): OrgEvent[] {
  mustExist(state);
  positiveWhole(data.amount, 'credits');
  if (!state.active) throw new OrganizationInactive();
  if (state.balance < data.amount) throw new InsufficientCredits(state.balance);
  return [{ type: 'CreditsDebited', data: { ...data, balanceAfter: state.balance - data.amount } }];
}

function revoke({ data }: RevokeCredits, state: OrgState): OrgEvent[] {
  mustExist(state);
  positiveWhole(data.amount);
  const key = data.key ?? null;
  if (key && state.appliedKeys.includes(key)) return [];
  const taken = Math.min(data.amount, state.balance);
  return [
    {
      type: 'CreditsRevoked',
      data: {
        orgId: data.orgId,
        amount: taken,
        requested: data.amount,
        shortfall: data.amount - taken,
        kind: data.kind,
        description: data.description,
        key,
        balanceAfter: state.balance - taken,
        at: data.at,
      },
    },
  ];
}

function adjust({ data }: AdjustCredits, state: OrgState): OrgEvent[] {
  mustExist(state);
  if (!Number.isSafeInteger(data.amount) || data.amount === 0) throw new ValidationError('amount must be a non-zero whole number', 'amount');
  if (data.amount > 0) {
    return grant({ type: 'GrantCredits', data: { orgId: data.orgId, amount: data.amount, kind: 'adjustment', description: data.description, at: data.at } }, state);
  }
  if (state.balance < -data.amount) throw new InsufficientCredits(state.balance);
  return revoke({ type: 'RevokeCredits', data: { orgId: data.orgId, amount: -data.amount, kind: 'adjustment', description: data.description, at: data.at } }, state);
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

export function decideOrg(command: OrgCommand, state: OrgState): OrgEvent[] {
  switch (command.type) {
    case 'CreateOrganization':
      return create(command, state);
    case 'RenameOrganization':
      return rename(command, state);
    case 'SetOrganizationActive':
      return setActive(command, state);
    case 'GrantCredits':
      return grant(command, state);
    case 'DebitCredits':
      return debit(command, state);
    case 'RevokeCredits':
      return revoke(command, state);
    case 'AdjustCredits':
      return adjust(command, state);
    case 'SubscribePlan':
      return subscribe(command, state);
    case 'CancelPlan':
      return cancel(command, state);
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
  snapshotVersion: 1,
};
