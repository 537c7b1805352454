import type { DomainEvent } from '../eventstore/types.ts';

export type GrantKind = 'purchase' | 'renewal' | 'adjustment';
export type RevokeKind = 'refund' | 'adjustment';

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
export type CreditsGranted = DomainEvent<
  'CreditsGranted',
  { orgId: string; amount: number; kind: GrantKind; description: string; key: string | null; balanceAfter: number; at: string }
>;
export type CreditsDebited = DomainEvent<
  'CreditsDebited',
  { orgId: string; amount: number; description: string; usageId: string; userId: string | null; balanceAfter: number; at: string }
>;
export type CreditsRevoked = DomainEvent<
  'CreditsRevoked',
  { orgId: string; amount: number; requested: number; shortfall: number; kind: RevokeKind; description: string; key: string | null; balanceAfter: number; at: string }
>;
export type PlanSubscribed = DomainEvent<'PlanSubscribed', { orgId: string; plan: OrgPlan; at: string }>;
export type PlanCancelled = DomainEvent<'PlanCancelled', { orgId: string; planId: string; subscriptionId: string | null; at: string }>;

export type OrgEvent =
  | OrganizationCreated
  | OrganizationRenamed
  | OrganizationActivated
  | OrganizationDeactivated
  | CreditsGranted
  | CreditsDebited
  | CreditsRevoked
  | PlanSubscribed
  | PlanCancelled;

export const CREDIT_EVENTS = ['CreditsGranted', 'CreditsDebited', 'CreditsRevoked'] as const;

export interface OrgState {
  exists: boolean;
  name: string;
  active: boolean;
  balance: number;
  plan: OrgPlan | null;
  lastBilling: string | null;
  /** Business keys of grants and revocations already applied (a billing period, a refund). */
  appliedKeys: string[];
}

export const orgStreamId = (orgId: string) => `org-${orgId}`;

export const initialOrgState = (): OrgState => ({
  exists: false,
  name: '',
  active: false,
  balance: 0,
  plan: null,
  lastBilling: null,
  appliedKeys: [],
});

const withKey = (keys: string[], key: string | null) => (key ? [...keys, key] : keys);

export function evolveOrg(state: OrgState, event: OrgEvent): OrgState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, name: event.data.name, active: true };
    case 'OrganizationRenamed':
      return { ...state, name: event.data.name };
    case 'OrganizationActivated':
      return { ...state, active: true };
    case 'OrganizationDeactivated':
      return { ...state, active: false };
    case 'CreditsGranted':
      return {
        ...state,
        balance: state.balance + event.data.amount,
        appliedKeys: withKey(state.appliedKeys, event.data.key),
        lastBilling: event.data.kind === 'adjustment' ? state.lastBilling : event.data.at,
      };
    case 'CreditsDebited':
      return { ...state, balance: state.balance - event.data.amount };
    case 'CreditsRevoked':
      return { ...state, balance: state.balance - event.data.amount, appliedKeys: withKey(state.appliedKeys, event.data.key) };
    case 'PlanSubscribed':
      return { ...state, plan: event.data.plan };
    case 'PlanCancelled':
      return state.plan?.planId === event.data.planId ? { ...state, plan: null } : state;
  }
}
