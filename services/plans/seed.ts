import type { FastifyInstance } from 'fastify';
import { DuplicateError } from '../platform/errors.ts';
import { planDecider, type NewPlanFields } from './decider.ts';
import { planStreamId } from './events.ts';
import { loadState } from '../eventstore/command-handler.ts';

export const DEMO_PLANS: ({ id: string } & NewPlanFields)[] = [
  {
    id: 'pack-500-credits',
    name: 'Credit Pack',
    description: '500 credits to spend whenever you need them. They never expire.',
    price_usd: 49,
    monthly_credits: 0,
    one_time_credits: 500,
    is_one_time: true,
    system_only: false,
    is_active: true,
    example_usages: ['A focused strategy session', 'One-off market research'],
  },
  {
    id: 'plan-starter-monthly',
    name: 'Starter',
    description: 'For founders testing ideas with their first advisory board.',
    price_usd: 9.99,
    monthly_credits: 300,
    one_time_credits: 0,
    is_one_time: false,
    system_only: false,
    is_active: true,
    example_usages: ['Weekly board check-ins', 'Scenario simulations'],
  },
  {
    id: 'plan-pro-monthly',
    name: 'Pro',
    description: 'For growing teams who meet their board every day.',
    price_usd: 20,
    monthly_credits: 1000,
    one_time_credits: 200,
    is_one_time: false,
    system_only: false,
    is_active: true,
    example_usages: ['Daily advisor sessions', 'Competitive benchmarking', 'Visual reports'],
  },
];

/** Creates the demo plans that are missing; never overwrites an admin's edits. Safe on every start. Answers how many it created. */
export async function seedDemoPlans(app: FastifyInstance): Promise<number> {
  let created = 0;
  for (const { id, ...fields } of DEMO_PLANS) {
    if ((await loadState(app.store, planDecider, planStreamId(id))).exists) continue;
    try {
      await app.commands.run(
        planDecider,
        planStreamId(id),
        { type: 'CreatePlan', data: { planId: id, ...fields, at: new Date().toISOString() } },
        { metadata: { actor: 'system' } },
      );
      created++;
    } catch (err) {
      if (!(err instanceof DuplicateError)) throw err;
    }
  }
  return created;
}
