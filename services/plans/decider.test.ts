import { describe, expect, it } from 'vitest';
import { DuplicateError, NotFoundError, ValidationError } from '../platform/errors.ts';
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
  rollover: false,
  one_time_expiry_days: null,
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

  it('refuses a one-time plan with monthly credits, naming monthly_credits, on create and on update', () => {
    const refusal = (fn: () => unknown) => {
      try {
        fn();
      } catch (err) {
        return err;
      }
      return null;
    };
    const createErr = refusal(() =>
      planDecider.decide({ type: 'CreatePlan', data: { planId: 'pack', ...fields, is_one_time: true, monthly_credits: 100, at } }, given([])),
    );
    expect(createErr).toBeInstanceOf(ValidationError);
    expect((createErr as ValidationError).body).toEqual({ field: 'monthly_credits' });
    const update = (changes: Partial<PlanFields>) => () => planDecider.decide({ type: 'UpdatePlan', data: { planId: 'pro', changes, at } }, given([created]));
    expect(update({ is_one_time: true })).toThrow(ValidationError);
    expect(update({ is_one_time: true, monthly_credits: 0 })()).toEqual([
      { type: 'PlanUpdated', data: { planId: 'pro', changes: { is_one_time: true, monthly_credits: 0 }, at } },
    ]);
    expect(planDecider.decide({ type: 'CreatePlan', data: { planId: 'pack', ...fields, is_one_time: true, monthly_credits: 0, at } }, given([]))).toHaveLength(1);
  });

  it('gives plans created before the credit lots expiring monthly credits and never-expiring one-time credits', () => {
    const { rollover: _r, one_time_expiry_days: _d, ...before } = fields;
    const old = { type: 'PlanCreated', data: { planId: 'old', ...before, at } } as PlanEvent;
    expect(given([old])).toMatchObject({ exists: true, rollover: false, one_time_expiry_days: null });
  });

  it('keeps rollover and a one-time expiry in days, and refuses an expiry that is not a whole number of 1 to 3650 days', () => {
    const update = (changes: Partial<PlanFields>) => () => planDecider.decide({ type: 'UpdatePlan', data: { planId: 'pro', changes, at } }, given([created]));
    expect(update({ rollover: true, one_time_expiry_days: 30 })()).toEqual([
      { type: 'PlanUpdated', data: { planId: 'pro', changes: { rollover: true, one_time_expiry_days: 30 }, at } },
    ]);
    for (const days of [0, 3651, 1.5]) expect(update({ one_time_expiry_days: days })).toThrow(ValidationError);
    expect(update({ one_time_expiry_days: null })()).toEqual([]);
  });
});
