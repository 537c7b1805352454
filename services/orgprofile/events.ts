import type { DomainEvent } from '../eventstore/types.ts';

/** What the board is told about the business: a short company profile, edited by its members. */
export interface OrgProfile {
  industry: string;
  stage: string;
  size: string;
  goals: string;
}

export type OrgProfileSet = DomainEvent<'OrgProfileSet', OrgProfile & { orgId: string; userId: string; at: string }>;
export type OrgProfileEvent = OrgProfileSet;

export interface OrgProfileState extends OrgProfile {
  updatedAt: string | null;
}

export const orgProfileStreamId = (orgId: string) => `org_profile-${orgId}`;

export const initialOrgProfile = (): OrgProfileState => ({ industry: '', stage: '', size: '', goals: '', updatedAt: null });

export function evolveOrgProfile(_state: OrgProfileState, event: OrgProfileEvent): OrgProfileState {
  const { industry, stage, size, goals, at } = event.data;
  return { industry, stage, size, goals, updatedAt: at };
}
