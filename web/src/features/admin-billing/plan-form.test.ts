import { describe, expect, it } from 'vitest';
import { changedFields, emptyPlanForm, fromPlanForm, planProblem, toPlanForm } from './plan-form';
import type { AdminPlan } from './types';

const plan: AdminPlan = {
  id: 'pro',
  name: 'Pro',
  description: 'Daily',
  price_usd: 20,
  monthly_credits: 1000,
  one_time_credits: 0,
  is_one_time: false,
  system_only: false,
  is_active: true,
  rollover: false,
  one_time_expiry_days: null,
  example_usages: ['A', 'B'],
  created_at: '',
  updated_at: '',
};

describe('plan form', () => {
  it('parses the price as a decimal and credits as whole numbers', () => {
    const input = fromPlanForm({ ...emptyPlanForm, name: ' Pro ', price_usd: '19.99', monthly_credits: '300.7', one_time_credits: '12', example_usages: 'one\n\n two ' });
    expect(input).toMatchObject({ name: 'Pro', price_usd: 19.99, monthly_credits: 300, one_time_credits: 12, example_usages: ['one', 'two'] });
  });

  it('round-trips a plan and sends only what changed', () => {
    const { id: _id, created_at: _c, updated_at: _u, ...fields } = plan;
    expect(fromPlanForm(toPlanForm(plan))).toEqual(fields);
    expect(changedFields(plan, fromPlanForm(toPlanForm(plan)))).toEqual({});
    expect(changedFields(plan, fromPlanForm({ ...toPlanForm(plan), price_usd: '25.50', is_active: false }))).toEqual({ price_usd: 25.5, is_active: false });
  });
});

describe('credit life fields', () => {
  it('reads an empty expiry as never and a number as days', () => {
    expect(fromPlanForm({ ...emptyPlanForm, one_time_expiry_days: '' }).one_time_expiry_days).toBeNull();
    expect(fromPlanForm({ ...emptyPlanForm, one_time_expiry_days: ' 30 ', rollover: true })).toMatchObject({ one_time_expiry_days: 30, rollover: true });
    expect(toPlanForm({ ...plan, one_time_expiry_days: 90, rollover: true })).toMatchObject({ one_time_expiry_days: '90', rollover: true });
  });
});

describe('planProblem', () => {
  it('refuses a one-time plan with monthly credits, naming the field', () => {
    expect(planProblem({ is_one_time: true, monthly_credits: 100 })).toMatchObject({ field: 'monthly_credits' });
  });

  it('accepts one-time packs without monthly credits and monthly plans with them', () => {
    expect(planProblem({ is_one_time: true, monthly_credits: 0 })).toBeNull();
    expect(planProblem({ is_one_time: false, monthly_credits: 100 })).toBeNull();
  });
});
