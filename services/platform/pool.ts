import pg from 'pg';
import type { Config } from './config.ts';

/** Anything that runs a query: a pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

let statements = 0;

/** Statements this process has sent to Postgres through its pools (round trips; the benchmark reads it). */
export const statementsSent = () => statements;

export interface PoolTimeouts {
  /** Opening a connection or waiting for a free one. */
  connectMs: number;
  /** Postgres cancels a statement running longer; the client gives up one second later (no answer at all: a stalled network). */
  statementMs: number;
  /** Postgres ends a session left idle inside a transaction (it would hold every read model back). */
  idleInTransactionMs: number;
}

export const DEFAULT_TIMEOUTS: PoolTimeouts = { connectMs: 5000, statementMs: 5000, idleInTransactionMs: 10_000 };

export const poolTimeouts = (config: Config): PoolTimeouts => ({
  connectMs: config.DB_CONNECT_TIMEOUT_MS,
  statementMs: config.DB_STATEMENT_TIMEOUT_MS,
  idleInTransactionMs: config.DB_IDLE_IN_TRANSACTION_MS,
});

/** Connection settings every client of the product uses: timeouts everywhere, TCP keep-alive to notice a dead peer. */
export function clientConfig(connectionString: string, timeouts: Partial<PoolTimeouts> = {}): pg.ClientConfig {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    connectionString,
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    query_timeout: t.statementMs + 1000,
    idle_in_transaction_session_timeout: t.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 5000,
    application_name: 'advisory-board',
  };
}

/**
 * A Postgres pool for one process; the API, the workers and the tools all make theirs here. A lost
 * connection never kills the process: pg emits `error` on a client whose backend went away (also
 * while it is checked out), and an `error` event without a listener would throw.
 */
export function createPool(connectionString: string, max = 20, timeouts: Partial<PoolTimeouts> = {}, onError: (err: Error) => void = () => {}): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(connectionString, timeouts), max });
  pool.on('error', onError); // an idle client lost its connection; the pool drops it and the next query opens another
  pool.on('connect', (client) => client.on('error', onError));
  onEachStatement(pool, () => statements++);
  return pool;
}

/** Calls `onStatement` for every statement a client of this pool sends (each one a round trip). */
export function onEachStatement(pool: pg.Pool, onStatement: () => void): void {
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      onStatement();
      return query(...args);
    };
  });
}

/**
 * Gives a checked-out client back; one whose transaction could not even be rolled back (its
 * connection is gone or stuck) is closed instead of going back to the pool.
 */
export async function rollbackAndRelease(client: pg.PoolClient): Promise<void> {
  let broken: Error | undefined;
  await client.query('ROLLBACK').catch((err: Error) => {
    broken = err;
  });
  client.release(broken);
}
