import type { DomainEvent, StoredEvent } from './types.ts';

/** The whole decider: pure functions, no I/O; time and ids arrive in the command. */
export interface Decider<C, E extends DomainEvent, S> {
  initialState: () => S;
  evolve: (state: S, event: E) => S;
  decide: (command: C, state: S) => E[];
  /**
   * For a decider whose decisions fold their events as they decide them (each event of a credit
   * decision needs the balance before it): the events with the state after them. The command
   * handler then folds nothing again.
   */
  decideFolded?: (command: C, state: S) => Folded<E, S>;
  /** When set, the state is kept as a snapshot beside the stream; bump it when the state's shape changes. */
  snapshotVersion?: number;
  /** Brings an event of an older shape, as stored, to today's shape before it is folded (nothing stored changes). */
  upcast?: (event: StoredEvent) => E;
}

/** A decision's events and the state after them. */
export interface Folded<E, S> {
  events: E[];
  state: S;
}

/** Decides one command and folds its events, once. */
export function decideAndFold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, command: C, state: S): Folded<E, S> {
  if (decider.decideFolded) return decider.decideFolded(command, state);
  const events = decider.decide(command, state);
  return { events, state: events.reduce(decider.evolve, state) };
}

/** Folds stored events (upcast first when the decider asks) onto a state. */
export function foldStored<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, state: S, events: StoredEvent[]): S {
  const upcast = decider.upcast ?? ((e: StoredEvent) => e as unknown as E);
  return events.reduce((s, e) => decider.evolve(s, upcast(e)), state);
}
