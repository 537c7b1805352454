import type { DomainEvent, StoredEvent } from './types.ts';

/** The whole decider: pure functions, no I/O; time and ids arrive in the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
  /** When set, the state is kept as a snapshot beside the stream; bump it when the state's shape changes. */
  snapshotVersion?: number;
  /** Brings an event of an older shape, as stored, to today's shape before it is folded (nothing stored changes). */
  upcast?: (event: StoredEvent) => E;
}

/** Folds stored events (upcast first when the decider asks) onto a state. */
export function foldStored<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, state: S, events: StoredEvent[]): S {
  const upcast = decider.upcast ?? ((e: StoredEvent) => e as unknown as E);
  return events.reduce((s, e) => decider.evolve(s, upcast(e)), state);
}
