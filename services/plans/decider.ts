import type { Decider } from '../eventstore/decider.ts';
import { DuplicateError, NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { evolvePlan, initialPlanState, PLAN_FIELDS, type PlanEvent, type PlanFields, type PlanState } from './events.ts';
import { isValidCredits, isValidPrice, roundPrice } from './rules.ts';

export type CreatePlan = { type: 'CreatePlan'; data: { planId: string; at: string } & PlanFields };
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
}

const normalize = <T extends Partial<PlanFields>>(fields: T): T =>
  fields.price_usd === undefined ? fields : { ...fields, price_usd: roundPrice(fields.price_usd) };

function create({ data }: CreatePlan, state: PlanState): PlanEvent[] {
  if (state.exists) throw new DuplicateError('id');
  check(data);
  return [{ type: 'PlanCreated', data: normalize(data) }];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function update({ data }: UpdatePlan, state: PlanState): PlanEvent[] {
  if (!state.exists) throw new NotFoundError('Subscription');
  check(data.changes);
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
