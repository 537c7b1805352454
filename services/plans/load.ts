import type { Queryable, EventStore } from '../eventstore/store.ts';
import { planDecider } from './decider.ts';
import { planStreamId, type PlanEvent, type PlanState } from './events.ts';

/** A plan as its own stream says now (write paths decide on this, never on the read model). */
export async function loadPlan(store: EventStore, planId: string, client?: Queryable): Promise<PlanState> {
  const loaded = await store.load(planStreamId(planId), { client });
  return loaded.events.reduce((state, e) => planDecider.evolve(state, e as unknown as PlanEvent), planDecider.initialState());
}
