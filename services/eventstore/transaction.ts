import type pg from 'pg';
import { rollbackAndRelease } from '../platform/pool.ts';
import type { Decider } from './decider.ts';
import { handleCommand, type CommandOptions, type CommandOutcome } from './command-handler.ts';
import { retryOnClash } from './retry.ts';
import type { EventStore } from './store.ts';
import type { AppendResult, DomainEvent } from './types.ts';

/** Commands on several streams, written together (a transaction's, or a context's: see context.ts). */
export interface Writes {
  run<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    options: Omit<CommandOptions<S, E>, 'client'>,
  ): Promise<CommandOutcome<S, E>>;
  /** Runs once the writes have committed (never for an attempt that rolled back or is run again). */
  afterCommit(fn: () => void): void;
}

/** A Postgres transaction's writes, with its connection for what is written beside them (reservations). */
export interface Tx extends Writes {
  client: pg.PoolClient;
}

export interface Committed<T> {
  value: T;
  /** What was appended, in order; all in one Postgres transaction. */
  appended: { append: AppendResult; types: string[]; streamId: string }[];
}

/**
 * Several commands on several streams, all or nothing (with reservations beside them on `tx.client`).
 * A clash with another writer re-runs the whole function; listeners hear of the appends once committed.
 */
export async function inTransaction<T>(pool: pg.Pool, store: EventStore, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return (await runTransaction(pool, store, fn)).value;
}

export async function runTransaction<T>(pool: pg.Pool, store: EventStore, fn: (tx: Tx) => Promise<T>, maxAttempts?: number): Promise<Committed<T>> {
  const { value: committed } = await retryOnClash(async () => {
    const client = await pool.connect();
    const appended: Committed<T>['appended'] = [];
    const after: (() => void)[] = [];
    try {
      await client.query('BEGIN');
      const value = await fn({
        client,
        async run(decider, streamId, command, options) {
          const outcome = await handleCommand(store, decider, streamId, command, { ...options, client });
          if (outcome.append) appended.push({ append: outcome.append, types: outcome.events.map((e) => e.type), streamId });
          return outcome;
        },
        afterCommit: (fn) => void after.push(fn),
      });
      await client.query('COMMIT');
      client.release();
      return { value, appended, after };
    } catch (err) {
      await rollbackAndRelease(client);
      throw err;
    }
  }, maxAttempts);
  for (const { append, types, streamId } of committed.appended) store.notify(append, types.map((type) => ({ type })), streamId);
  for (const fn of committed.after) fn();
  return { value: committed.value, appended: committed.appended };
}
