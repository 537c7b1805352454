import { z } from 'zod';
import type { Queryable } from '../eventstore/store.ts';

/** An organization's plan as the spec shows it; the description comes from the plans read model when there is one. */
export const Subscription = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    monthly_credits: z.number(),
    is_one_time: z.boolean(),
  })
  .nullable();

let plansReadable: { at: number; yes: boolean } | null = null;

/** Whether a `plans` view or table with a description exists yet (the billing slice adds it). */
async function havePlans(db: Queryable): Promise<boolean> {
  if (plansReadable && (plansReadable.yes || Date.now() - plansReadable.at < 10_000)) return plansReadable.yes;
  const res = await db.query(
    `SELECT 1 FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'plans' AND column_name IN ('id', 'description')`,
  );
  plansReadable = { at: Date.now(), yes: res.rowCount === 2 };
  return plansReadable.yes;
}

/**
 * SQL pieces that turn `<alias>.plan` (jsonb) into the spec's subscription object:
 * `select` is a json expression, `join` a LEFT JOIN on the plans read model (or nothing).
 */
export async function subscriptionSql(db: Queryable, alias: string): Promise<{ select: string; join: string }> {
  const plans = await havePlans(db);
  const description = plans ? `coalesce(sub_plan.description, '')` : `''`;
  return {
    select: `CASE WHEN ${alias}.plan IS NULL THEN NULL ELSE json_build_object(
        'id', ${alias}.plan->>'planId',
        'name', ${alias}.plan->>'name',
        'description', ${description},
        'monthly_credits', coalesce((${alias}.plan->>'monthlyCredits')::float8, 0),
        'is_one_time', coalesce((${alias}.plan->>'isOneTime')::boolean, false)) END`,
    join: plans ? `LEFT JOIN plans sub_plan ON sub_plan.id::text = ${alias}.plan->>'planId'` : '',
  };
}
