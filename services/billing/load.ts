import type { Decider } from '../eventstore/decider.ts';
import type { EventStore, Queryable } from '../eventstore/store.ts';
import type { DomainEvent } from '../eventstore/types.ts';

/** An aggregate's current state, from its snapshot (when the decider keeps one) and the events after it. */
export async function loadState<C, E extends DomainEvent, S>(
  store: EventStore,
  decider: Decider<C, E, S>,
  streamId: string,
  client?: Queryable,
): Promise<S> {
  const loaded = await store.load(streamId, { snapshotVersion: decider.snapshotVersion, client });
  const start = (loaded.snapshot as S | undefined) ?? decider.initialState();
  return loaded.events.reduce((state, e) => decider.evolve(state, e as unknown as E), start);
}
