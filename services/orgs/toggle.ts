import type { Decider } from '../eventstore/decider.ts';
import { orgDecider } from './decider.ts';
import type { OrgEvent, OrgState } from './events.ts';

export type ToggleOrganizationActive = { type: 'ToggleOrganizationActive'; data: { orgId: string; at: string } };

/** The admin's Enable/Disable button: decides against the stream's own state, so a retry after a clash re-reads it. */
export const toggleOrgDecider: Decider<ToggleOrganizationActive, OrgEvent, OrgState> = {
  ...orgDecider,
  decide: ({ data }, state) => orgDecider.decide({ type: 'SetOrganizationActive', data: { orgId: data.orgId, active: !state.active, at: data.at } }, state),
};
