import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../platform/errors.ts';
import { evolveOrg, initialOrgState, type OrgEvent } from './events.ts';
import { orgDecider } from './decider.ts';

const at = '2026-01-01T00:00:00.000Z';
const orgId = 'o1';
const given = (...events: OrgEvent[]) => events.reduce(evolveOrg, initialOrgState());
const toggle = { type: 'ToggleOrganizationActive' as const, data: { orgId, at } };
const created: OrgEvent = { type: 'OrganizationCreated', data: { orgId, name: 'Acme', createdBy: 'u1', at } };

describe('orgDecider: ToggleOrganizationActive', () => {
  it('deactivates an active organization with one event', () => {
    expect(orgDecider.decide(toggle, given(created))).toEqual([{ type: 'OrganizationDeactivated', data: { orgId, at } }]);
  });

  it('activates an inactive organization with one event', () => {
    const state = given(created, { type: 'OrganizationDeactivated', data: { orgId, at } });
    expect(orgDecider.decide(toggle, state)).toEqual([{ type: 'OrganizationActivated', data: { orgId, at } }]);
  });

  it('refuses an organization that does not exist', () => {
    expect(() => orgDecider.decide(toggle, initialOrgState())).toThrow(NotFoundError);
  });
});
