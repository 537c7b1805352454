import type pg from 'pg';
import type { EventStore } from './store.ts';
import type { LogPosition } from './types.ts';

/** Lets a command answer once the read models fed by its events show them (read-your-writes). */
export interface ReadModelGate {
  /** True once every read model fed by these event types has passed `position`; false on time-out. */
  waitFor(types: Iterable<string>, position: LogPosition, timeoutMs?: number): Promise<boolean>;
  /** True once every read model has passed `position`; false on time-out. */
  waitForAll(position: LogPosition, timeoutMs?: number): Promise<boolean>;
}

export interface ReadModelLink {
  gate: ReadModelGate;
  close(): Promise<void>;
}

/**
 * How a process connects its event store to the read models (wake them after appends, know how far
 * they are). The entry points give the projections' implementation; without one, nothing waits.
 */
export type ConnectReadModels = (deps: {
  store: EventStore;
  pool: pg.Pool;
  databaseUrl: string;
  onError: (err: unknown) => void;
}) => Promise<ReadModelLink>;
