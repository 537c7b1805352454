import type { DomainEvent } from '../eventstore/types.ts';

/** The fields of a subscription plan (spec section 3), as admins edit them. */
export interface PlanFields {
  name: string;
  description: string;
  price_usd: number;
  monthly_credits: number;
  one_time_credits: number;
  is_one_time: boolean;
  system_only: boolean;
  is_active: boolean;
  example_usages: string[];
  /** Monthly credits stay until spent instead of expiring at the end of their period. */
  rollover: boolean;
  /** One-time credits expire this many days after they are granted (null: never). */
  one_time_expiry_days: number | null;
}

export const PLAN_FIELDS = [
  'name',
  'description',
  'price_usd',
  'monthly_credits',
  'one_time_credits',
  'is_one_time',
  'system_only',
  'is_active',
  'example_usages',
  'rollover',
  'one_time_expiry_days',
] as const satisfies readonly (keyof PlanFields)[];

export type PlanCreated = DomainEvent<'PlanCreated', { planId: string; at: string } & PlanFields>;
/** Carries only the fields that changed. */
export type PlanUpdated = DomainEvent<'PlanUpdated', { planId: string; changes: Partial<PlanFields>; at: string }>;

export type PlanEvent = PlanCreated | PlanUpdated;

export type PlanState = { exists: false } | ({ exists: true; planId: string; createdAt: string; updatedAt: string } & PlanFields);

/** What plans created before the credit lots had: monthly credits expire, one-time credits never do. */
export const LEDGER_DEFAULTS = { rollover: false, one_time_expiry_days: null } as const satisfies Pick<PlanFields, 'rollover' | 'one_time_expiry_days'>;

export const planStreamId = (planId: string) => `plan-${planId}`;

export const initialPlanState = (): PlanState => ({ exists: false });

export function evolvePlan(state: PlanState, event: PlanEvent): PlanState {
  switch (event.type) {
    case 'PlanCreated': {
      const { at, ...plan } = event.data;
      return { exists: true, ...LEDGER_DEFAULTS, ...plan, createdAt: at, updatedAt: at };
    }
    case 'PlanUpdated':
      return state.exists ? { ...state, ...event.data.changes, updatedAt: event.data.at } : state;
  }
}

/** Price in cents, the unit payment providers speak. */
export const priceCents = (plan: Pick<PlanFields, 'price_usd'>) => Math.round(plan.price_usd * 100);
