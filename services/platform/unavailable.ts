/**
 * Whether an error means a store (Postgres, Redis) is unreachable, stalled or restarting, rather
 * than a mistake of ours or the caller's: the request may succeed when retried a moment later, so
 * it is answered 503 with Retry-After, never 500.
 */

/** SQLSTATEs of a lost or refused connection, a cancelled (timed-out) statement, a server going down. */
const PG_CODES = new Set([
  '08000', '08001', '08003', '08004', '08006', '08007', '08P01', // connection exceptions
  '57P01', '57P02', '57P03', // admin shutdown (terminated backend), crash shutdown, cannot connect now
  '57014', // query_canceled: statement_timeout
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available
  '53300', // too_many_connections
]);

const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ECONNABORTED']);

const MESSAGES = [
  /^Connection terminated/, // pg: the server closed the connection, or connectionTimeoutMillis
  /timeout exceeded when trying to connect/, // pg-pool: no connection within connectionTimeoutMillis
  /^Query read timeout$/, // pg: query_timeout (no answer at all)
  /is not queryable$/, // pg: a client whose connection failed
  /^Command timed out$/, // ioredis: commandTimeout
  /enableOfflineQueue options is false/, // ioredis: not connected, fail fast
  /^Connection is closed\.?$/, // ioredis
  /max retries per request/i, // ioredis MaxRetriesPerRequestError
  /^Redis (is )?unavailable/,
  /^CLUSTERDOWN/, // a Redis Cluster master of the slot is down
  /^TRYAGAIN/, // a Redis Cluster slot migrating
  /Failed to refresh slots cache/, // ioredis Cluster: no node answered
  /None of startup nodes is available/, // ioredis Cluster
  /Too many Cluster redirections/, // ioredis Cluster: the map kept changing
];

export function isUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (PG_CODES.has(e.code) || NODE_CODES.has(e.code))) return true;
  if (e.name === 'MaxRetriesPerRequestError' || e.name === 'ClusterAllFailedError') return true;
  if (typeof e.message === 'string' && MESSAGES.some((m) => m.test(e.message as string))) return true;
  if (err instanceof AggregateError) return err.errors.some((inner) => isUnavailable(inner, depth + 1));
  return isUnavailable(e.cause, depth + 1);
}

/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_SECONDS = 2;

/** Rejects after `ms` with an error that `isUnavailable` recognises: bounds a call to a store that may stall. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what}: no answer within ${ms} ms`), { code: 'ETIMEDOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
