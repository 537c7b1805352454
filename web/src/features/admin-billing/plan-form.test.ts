import { describe, expect, it } from 'vitest';
import { formatAmount } from './money';
import { changedFields, emptyPlanForm, fromPlanForm, toPlanForm } from './plan-form';
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

describe('payment amounts', () => {
  it('shows cents as dollars for usd and with the currency code otherwise', () => {
    expect(formatAmount(4900, 'usd')).toBe('$49.00');
    expect(formatAmount(-4900, 'usd')).toBe('-$49.00');
    expect(formatAmount(1250, 'eur')).toBe('12.50 EUR');
    expect(formatAmount(null, 'usd')).toBe('');
  });
});
