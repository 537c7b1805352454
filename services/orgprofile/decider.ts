import type { Decider } from '../eventstore/decider.ts';
import { evolveOrgProfile, initialOrgProfile, type OrgProfileEvent, type OrgProfileSet, type OrgProfileState } from './events.ts';

export type SetOrgProfile = { type: 'SetOrgProfile'; data: OrgProfileSet['data'] };

/** Saving the same profile again changes nothing. */
function setProfile({ data }: SetOrgProfile, state: OrgProfileState): OrgProfileEvent[] {
  const same = (['industry', 'stage', 'size', 'goals'] as const).every((k) => state[k] === data[k]);
  return same && state.updatedAt ? [] : [{ type: 'OrgProfileSet', data }];
}

export const orgProfileDecider: Decider<SetOrgProfile, OrgProfileEvent, OrgProfileState> = {
  initialState: initialOrgProfile,
  evolve: evolveOrgProfile,
  decide: (command, state) => setProfile(command, state),
};
