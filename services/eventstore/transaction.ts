import type pg from 'pg';
import { handleCommand, type CommandOptions, type CommandOutcome, type Decider } from './decider.ts';
import { ConcurrencyError, DuplicateCommandError } from './errors.ts';
import type { EventStore } from './store.ts';
import type { AppendResult, DomainEvent } from './types.ts';

export interface Tx {
  client: pg.PoolClient;
  run<C, E extends DomainEvent, S>(
    decider: Decider<C, E, S>,
    streamId: string,
    command: C,
    options: Omit<CommandOptions<S, E>, 'client'>,
  ): Promise<CommandOutcome<S, E>>;
}

const DEADLOCK = '40P01';
const retriable = (err: unknown) =>
  err instanceof ConcurrencyError || err instanceof DuplicateCommandError || (err as { code?: string })?.code === DEADLOCK;

export interface Committed<T> {
  value: T;
  /** What was appended, in order; all in one Postgres transaction. */
  appended: { append: AppendResult; types: string[] }[];
}

/**
 * Several commands on several streams, all or nothing (with reservations beside them on `tx.client`).
 * A clash with another writer re-runs the whole function; listeners hear of the appends once committed.
 */
export async function inTransaction<T>(pool: pg.Pool, store: EventStore, fn: (tx: Tx) => Promise<T>, maxAttempts = 20): Promise<T> {
  return (await runTransaction(pool, store, fn, maxAttempts)).value;
}

export async function runTransaction<T>(pool: pg.Pool, store: EventStore, fn: (tx: Tx) => Promise<T>, maxAttempts = 20): Promise<Committed<T>> {
  for (let attempt = 1; ; attempt++) {
    const client = await pool.connect();
    const appended: { append: AppendResult; types: string[] }[] = [];
    let value: T;
    try {
      await client.query('BEGIN');
      value = await fn({
        client,
        async run(decider, streamId, command, options) {
          const outcome = await handleCommand(store, decider, streamId, command, { ...options, client });
          if (outcome.append) appended.push({ append: outcome.append, types: outcome.events.map((e) => e.type) });
          return outcome;
        },
      });
      await client.query('COMMIT');
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      if (retriable(err) && attempt < maxAttempts) {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
        continue;
      }
      throw err;
    } finally {
      client.release();
    }
    for (const { append, types } of appended) store.notify(append, types.map((type) => ({ type })));
    return { value, appended };
  }
}
