import type pg from 'pg';
import type { StoredEvent } from '../services/eventstore/types.ts';

/** Maps a read model's logical table name to the table of one version (`projects` -> `projects_v2`). */
export type TableNames = (logical: string) => string;

export interface Projection {
  name: string;
  /** Bump to rebuild the read model from the log into fresh tables. */
  version: number;
  /** The event types it reads; the others move its checkpoint and nothing else. */
  handles: readonly string[];
  /** Logical names of the tables it owns; readers use views of these names. */
  tables: readonly string[];
  /** DDL creating the tables of one version. */
  schema: (t: TableNames) => string;
  /** Writes the effect of a batch of events; runs in the transaction that moves the checkpoint. */
  apply: (db: pg.PoolClient, events: StoredEvent[], t: TableNames) => Promise<void>;
}

export const tableNames =
  (version: number): TableNames =>
  (logical) =>
    `${logical}_v${version}`;
