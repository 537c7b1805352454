import type { AdminPlan, PlanInput } from './types';

/** What the create/edit form holds: text, as inputs do. */
export interface PlanForm {
  name: string;
  description: string;
  price_usd: string;
  monthly_credits: string;
  one_time_credits: string;
  is_one_time: boolean;
  system_only: boolean;
  is_active: boolean;
  /** Monthly credits carry over to the next period instead of expiring at its end (issue 15). */
  rollover: boolean;
  /** Days one-time credits last; empty means they never expire. */
  one_time_expiry_days: string;
  example_usages: string;
}

export const emptyPlanForm: PlanForm = {
  name: '',
  description: '',
  price_usd: '0.00',
  monthly_credits: '0',
  one_time_credits: '0',
  is_one_time: false,
  system_only: false,
  is_active: true,
  rollover: false,
  one_time_expiry_days: '',
  example_usages: '',
};

export const toPlanForm = (plan: AdminPlan): PlanForm => ({
  name: plan.name,
  description: plan.description,
  price_usd: plan.price_usd.toFixed(2),
  monthly_credits: String(plan.monthly_credits),
  one_time_credits: String(plan.one_time_credits),
  is_one_time: plan.is_one_time,
  system_only: plan.system_only,
  is_active: plan.is_active,
  rollover: plan.rollover,
  one_time_expiry_days: plan.one_time_expiry_days === null ? '' : String(plan.one_time_expiry_days),
  example_usages: plan.example_usages.join('\n'),
});

/** The price is a decimal (step 0.01), credits are whole numbers (spec section 5); the server checks the rest. */
export function fromPlanForm(form: PlanForm): PlanInput {
  return {
    name: form.name.trim(),
    description: form.description.trim(),
    price_usd: Math.round(parseFloat(form.price_usd || '0') * 100) / 100,
    monthly_credits: parseInt(form.monthly_credits || '0', 10),
    one_time_credits: parseInt(form.one_time_credits || '0', 10),
    is_one_time: form.is_one_time,
    system_only: form.system_only,
    is_active: form.is_active,
    rollover: form.rollover,
    one_time_expiry_days: form.one_time_expiry_days.trim() === '' ? null : parseInt(form.one_time_expiry_days, 10),
    example_usages: form.example_usages
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  };
}

/** Only the fields an edit changed (the PUT takes changed fields). */
export function changedFields(before: AdminPlan, after: PlanInput): Partial<PlanInput> {
  const changes: Partial<PlanInput> = {};
  for (const key of Object.keys(after) as (keyof PlanInput)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) Object.assign(changes, { [key]: after[key] });
  }
  return changes;
}

/** A plan that contradicts itself (issue 12): a one-time pack has no monthly credits. The server refuses it too. */
export function planProblem(input: Pick<PlanInput, 'is_one_time' | 'monthly_credits'>): { field: keyof PlanInput; message: string } | null {
  if (input.is_one_time && input.monthly_credits > 0) {
    return { field: 'monthly_credits', message: 'A one-time plan cannot have monthly credits: set Monthly credits to 0 or untick One-time.' };
  }
  return null;
}
