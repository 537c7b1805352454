import type { Decider } from '../eventstore/decider.ts';
import { DuplicateError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { evolvePlan, initialPlanState, LEDGER_DEFAULTS, PLAN_FIELDS, type PlanEvent, type PlanFields, type PlanState } from './events.ts';
import { isValidCredits, isValidExpiryDays, isValidPrice, MAX_EXPIRY_DAYS, roundPrice } from './rules.ts';

/** The credit-expiry fields may be left out: monthly credits then expire with their period, one-time credits never. */
export type NewPlanFields = Omit<PlanFields, keyof typeof LEDGER_DEFAULTS> & Partial<Pick<PlanFields, keyof typeof LEDGER_DEFAULTS>>;
export type CreatePlan = { type: 'CreatePlan'; data: { planId: string; at: string } & NewPlanFields };
export type UpdatePlan = { type: 'UpdatePlan'; data: { planId: string; changes: Partial<PlanFields>; at: string } };
export type PlanCommand = CreatePlan | UpdatePlan;

function check(fields: Partial<PlanFields>): void {
  if (fields.name !== undefined && !fields.name.trim()) throw new ValidationError('name is required', 'name');
  if (fields.price_usd !== undefined && !isValidPrice(fields.price_usd)) {
    throw new ValidationError('price_usd must be a non-negative amount with at most 2 decimals', 'price_usd');
  }
  for (const field of ['monthly_credits', 'one_time_credits'] as const) {
    const value = fields[field];
    if (value !== undefined && !isValidCredits(value)) throw new ValidationError(`${field} must be a whole number of at least 0`, field);
  }
  if (fields.one_time_expiry_days !== undefined && !isValidExpiryDays(fields.one_time_expiry_days)) {
    throw new ValidationError(`one_time_expiry_days must be null or a whole number from 1 to ${MAX_EXPIRY_DAYS}`, 'one_time_expiry_days');
  }
}

/** A one-time pack is bought once: it cannot also grant credits every month. */
function checkConsistent(changes: Partial<PlanFields>, current: Pick<PlanFields, 'is_one_time' | 'monthly_credits'>): void {
  if (changes.is_one_time === undefined && changes.monthly_credits === undefined) return;
  const oneTime = changes.is_one_time ?? current.is_one_time;
  const monthly = changes.monthly_credits ?? current.monthly_credits;
  if (oneTime && monthly > 0) throw new ValidationError('A one-time plan cannot grant monthly credits: set monthly_credits to 0', 'monthly_credits');
}

const normalize = <T extends Partial<PlanFields>>(fields: T): T =>
  fields.price_usd === undefined ? fields : { ...fields, price_usd: roundPrice(fields.price_usd) };

function create({ data }: CreatePlan, state: PlanState): PlanEvent[] {
  if (state.exists) throw new DuplicateError('id');
  const fields = { ...data, rollover: data.rollover ?? LEDGER_DEFAULTS.rollover, one_time_expiry_days: data.one_time_expiry_days ?? LEDGER_DEFAULTS.one_time_expiry_days };
  check(fields);
  checkConsistent(fields, fields);
  return [{ type: 'PlanCreated', data: normalize(fields) }];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function update({ data }: UpdatePlan, state: PlanState): PlanEvent[] {
  if (!state.exists) throw new NotFoundError('Subscription');
  check(data.changes);
  checkConsistent(data.changes, state);
  const wanted = normalize(data.changes);
  const changes: Partial<PlanFields> = {};
  for (const field of PLAN_FIELDS) {
    const value = wanted[field];
    if (value !== undefined && !same(value, state[field])) Object.assign(changes, { [field]: value });
  }
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'PlanUpdated', data: { planId: data.planId, changes, at: data.at } }];
}

export function decidePlan(command: PlanCommand, state: PlanState): PlanEvent[] {
  switch (command.type) {
    case 'CreatePlan':
      return create(command, state);
    case 'UpdatePlan':
      return update(command, state);
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const planDecider: Decider<PlanCommand, PlanEvent, PlanState> = {
  initialState: initialPlanState,
  evolve: evolvePlan,
  decide: decidePlan,
};
