import { describe, expect, it } from 'vitest';
import { DuplicateError, NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { planDecider } from './decider.ts';
import type { PlanEvent, PlanFields } from './events.ts';

const at = '2026-07-01T00:00:00.000Z';
const fields: PlanFields = {
  name: 'Pro',
  description: '',
  price_usd: 20,
  monthly_credits: 1000,
  one_time_credits: 0,
  is_one_time: false,
  system_only: false,
  is_active: true,
  example_usages: [],
};
const created: PlanEvent = { type: 'PlanCreated', data: { planId: 'pro', ...fields, at } };
const given = (events: PlanEvent[]) => events.reduce(planDecider.evolve, planDecider.initialState());

describe('plan decider', () => {
  it('creates a plan once', () => {
    expect(planDecider.decide({ type: 'CreatePlan', data: { planId: 'pro', ...fields, at } }, given([]))).toEqual([created]);
    expect(() => planDecider.decide({ type: 'CreatePlan', data: { planId: 'pro', ...fields, at } }, given([created]))).toThrow(DuplicateError);
  });

  it('records only the fields that change', () => {
    const update = (changes: Partial<PlanFields>) => planDecider.decide({ type: 'UpdatePlan', data: { planId: 'pro', changes, at } }, given([created]));
    expect(update({ price_usd: 20, name: 'Pro', example_usages: [] })).toEqual([]);
    expect(update({ price_usd: 25, name: 'Pro' })).toEqual([{ type: 'PlanUpdated', data: { planId: 'pro', changes: { price_usd: 25 }, at } }]);
  });

  it('refuses invalid numbers and an unknown plan', () => {
    const update = (changes: Partial<PlanFields>) => () => planDecider.decide({ type: 'UpdatePlan', data: { planId: 'pro', changes, at } }, given([created]));
    expect(update({ price_usd: 1.234 })).toThrow(ValidationError);
    expect(update({ monthly_credits: 2.5 })).toThrow(ValidationError);
    expect(update({ name: ' ' })).toThrow(ValidationError);
    expect(() => planDecider.decide({ type: 'UpdatePlan', data: { planId: 'x', changes: {}, at } }, given([]))).toThrow(NotFoundError);
  });
});
