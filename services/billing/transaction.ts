import type pg from 'pg';
import { handleCommand, type CommandOptions, type CommandOutcome, type Decider } from '../eventstore/decider.ts';
import { ConcurrencyError, DuplicateCommandError } from '../eventstore/errors.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { AppendResult, DomainEvent } from '../eventstore/types.ts';

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

/**
 * Several commands on several streams, all or nothing, for a process without the HTTP app.
 * A clash with another writer re-runs the whole function; listeners hear of the appends once committed.
 */
export async function inTransaction<T>(pool: pg.Pool, store: EventStore, fn: (tx: Tx) => Promise<T>, maxAttempts = 20): Promise<T> {
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
    return value;
  }
}
