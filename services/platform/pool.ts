import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Config } from './config.ts';

/** Anything that runs a query: a pool, or a client inside a transaction. */
export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

let statements = 0;

/** Statements this process has sent to Postgres through its pools (round trips; the benchmark reads it). */
export const statementsSent = () => statements;

/** Counts a statement sent by a connection outside the pools (createPipelinedReads). */
export const countStatement = (): void => {
  statements++;
};

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
export function createPool(
  connectionString: string,
  max = 20,
  timeouts: Partial<PoolTimeouts> = {},
  onError: (err: Error) => void = () => {},
  options: { pipeline?: boolean } = {},
): pg.Pool {
  const pool = new pg.Pool({ ...clientConfig(connectionString, timeouts), max, ...(options.pipeline ? { pipeline: true } : {}) });
  pool.on('error', onError); // an idle client lost its connection; the pool drops it and the next query opens another
  pool.on('connect', (client) => {
    client.on('error', onError);
    withoutConfigCopies(client);
  });
  onEachStatement(pool, () => statements++);
  return pool;
}

/**
 * Whether a client pipelines (made with pg's `pipeline: true`): it sends each statement at once,
 * without waiting for the answers to those before it. COPY cannot run on it.
 */
export const pipelining = (client: object): boolean => (client as { pipeline?: boolean }).pipeline === true;

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

type NamedConfig = { name?: string; text: string; values?: unknown[] };
type Callback = (err: Error | null, result?: pg.QueryResult) => void;

/** A config of a text and at most a name and values (how the product sends its named statements). */
function namedConfig(config: unknown): config is NamedConfig {
  if (typeof config !== 'object' || config === null || typeof (config as NamedConfig).text !== 'string') return false;
  // A submittable (a Query, a COPY stream, a cursor) is pg's to run as it is.
  if (typeof (config as { submit?: unknown }).submit === 'function') return false;
  for (const key in config) if (key !== 'name' && key !== 'text' && key !== 'values') return false;
  return true;
}

/**
 * Makes a client's `query`, given a config of a text, a name and values, build pg's Query from the text
 * and set the name after. pg copies a config object before using it, redefining each property through
 * its descriptor: 2.5–3 µs a statement in a loop, and 4–5% of the API's CPU under the bench's reads on
 * the machine of the session of 2026-11-29 23:00, where a statement given as text costs 0.2 µs. Any other
 * config (a row mode, types, a Query) goes to pg as it is.
 */
export function withoutConfigCopies(client: Pick<pg.Client, 'query'>): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    if (!namedConfig(config)) return query(config, values, callback);
    const q = new pg.Query(config.text, Array.isArray(values) ? values : config.values) as pg.Query & { name?: string; callback?: Callback };
    if (config.name !== undefined) q.name = config.name;
    const done = typeof values === 'function' ? values : callback;
    if (typeof done === 'function') {
      q.callback = done as Callback;
      return query(q);
    }
    return new Promise((resolve, reject) => {
      q.callback = (err, result) => (err ? reject(err) : resolve(result));
      query(q);
    });
  };
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

/** Statements a connection keeps prepared through `preparedStatements`, at most (the rest are sent unnamed). */
const PREPARED_PER_CONNECTION = 500;
const preparedOn = new WeakMap<object, Set<string>>();
const namesOf = new Map<string, string>();

/**
 * The name a statement's text is prepared under: a digest of the text, worked out once per text (a
 * statement sent on every request, the admin organizations page's, hashed its text each time).
 */
export function statementName(text: string): string {
  let name = namesOf.get(text);
  if (!name) {
    name = `q-${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
    if (namesOf.size >= 10 * PREPARED_PER_CONNECTION) namesOf.clear();
    namesOf.set(text, name);
  }
  return name;
}

/**
 * The client, with every parameterized statement given as text sent as a named statement, prepared
 * once per connection: Postgres parses it once, and after five executions keeps its generic plan
 * when that is estimated no dearer than the plans made for each call's values. An unnamed statement is
 * parsed and planned on every call, which for a read model's batch costs more than running it (the
 * daily usage upsert: 1.3 ms of planning, 0.5 ms of execution). For statements whose text is fixed
 * apart from a read model's versioned table names (a dropped version's statements are simply never
 * run again); at most PREPARED_PER_CONNECTION per connection.
 */
export function preparedStatements<C extends Pick<pg.PoolClient, 'query'>>(client: C): C {
  const query = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const named = (text: string, values: unknown[]) => {
    const name = statementName(text);
    let prepared = preparedOn.get(client);
    if (!prepared) preparedOn.set(client, (prepared = new Set()));
    if (!prepared.has(name)) {
      if (prepared.size >= PREPARED_PER_CONNECTION) return query(text, values);
      prepared.add(name);
    }
    return query({ name, text, values });
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop !== 'query') return Reflect.get(target, prop, receiver);
      return (...args: unknown[]) => (args.length === 2 && typeof args[0] === 'string' && Array.isArray(args[1]) ? named(args[0], args[1]) : query(...args));
    },
  });
}
