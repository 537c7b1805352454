import type pg from 'pg';
import type { DomainEvent, LoggedEvent } from '../services/eventstore/types.ts';

/** Maps a read model's logical table name to the table of one version (`projects` -> `projects_v2`). */
export type TableNames = (logical: string) => string;

export interface Projection<E extends DomainEvent = DomainEvent> {
  name: string;
  /** Bump to rebuild the read model from the log into fresh tables. */
  version: number;
  /** The event types it reads; the others move its checkpoint and nothing else. */
  handles: readonly E['type'][];
  /** Logical names of the tables it owns; readers use views of these names. */
  tables: readonly string[];
  /**
   * Logical names of tables an earlier version had and this one has not: switching to this version
   * drops their views, and the earlier version's tables with its others.
   */
  retired?: readonly string[];
  /** Tables outside its own that `apply` writes to (unqualified): the drift check gives them a scratch copy. */
  sideTables?: readonly string[];
  /** DDL creating the tables of one version. */
  schema: (t: TableNames) => string;
  /**
   * DDL of the indexes no `apply` reads through (only the readers do), named, with IF NOT EXISTS: a
   * rebuild makes them after its load, in the transaction that switches to the new version.
   */
  indexes?: (t: TableNames) => string;
  /**
   * Writes the effect of a batch of events; runs in the transaction that moves the checkpoint, so each
   * event is applied once to each version (a row an event makes is the first of its key: insertRows).
   */
  apply(db: pg.PoolClient, events: LoggedEvent<E>[], t: TableNames): Promise<void>;
}

export const tableNames =
  (version: number): TableNames =>
  (logical) =>
    `${logical}_v${version}`;
