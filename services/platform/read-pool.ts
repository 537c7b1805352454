import type pg from 'pg';
import type { Queryable } from './pool.ts';
import { isUnavailable } from './unavailable.ts';

/** Where a streaming replica stands, as the API last saw it (checked every `everyMs`). */
export interface ReplicaState {
  /** Answering, replaying, and not further behind than the bound: reads may go there. */
  usable: boolean;
  /** WAL the replica has received but not replayed yet, against the primary's current position, in bytes. */
  lagBytes: number | null;
  /** How old the last transaction it replayed is, 0 when it has replayed everything the primary wrote. */
  lagSeconds: number | null;
}

export interface ReadPool {
  /** Where read-model queries go: the replica when it is usable and the request may read there, else the primary's reads. */
  pool: Queryable;
  /** The replica's state (null without a replica). */
  replica(): ReplicaState | null;
  /**
   * Waits (bounded) until the replica has replayed past the primary's WAL position as of now (what
   * the read models had committed when this was called): true then, false when it ran out or there is
   * no usable replica — the caller then reads from the primary. The position is where WAL is inserted,
   * not where it is written: read models commit without waiting for the flush, so the written
   * position can still be behind their commit.
   */
  replayedPastNow(timeoutMs: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface ReadPoolOptions {
  primary: pg.Pool;
  /** How read-model queries reach the primary (its pipelining read connections, or the pool itself). */
  primaryReads?: Queryable;
  /** The replica's pool, or null: every read goes to the primary. */
  replica: pg.Pool | null;
  /** Reads go to the primary while the replica is further behind than this. */
  maxLagMs: number;
  everyMs?: number;
  /** Whether the current request must read from the primary (its own writes are not on the replica yet). */
  primaryOnly: () => boolean;
  onError?: (err: unknown) => void;
}

const LSN = /^([0-9A-F]+)\/([0-9A-F]+)$/i;
/** A WAL position (`16/B374D848`) as a number of bytes. */
export const lsnBytes = (lsn: string): bigint => {
  const m = LSN.exec(lsn);
  if (!m) throw new Error(`not an LSN: ${lsn}`);
  return (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`);
};

/**
 * How far a streaming replica is behind its primary: WAL inserted on the primary and not replayed yet
 * (bytes), and the age of the last transaction it replayed while it is behind (0 once it has replayed
 * everything: an idle primary writes nothing to replay). Null when it is not replaying (not a replica).
 */
export async function replicaLag(primary: Pick<pg.Pool, 'query'>, replica: Pick<pg.Pool, 'query'>): Promise<{ lagBytes: number; lagSeconds: number } | null> {
  const [{ rows: [p] }, { rows: [r] }] = await Promise.all([
    primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn'),
    replica.query<{ recovering: boolean; replayed: string | null; age: number | null }>(
      `SELECT pg_is_in_recovery() AS recovering, pg_last_wal_replay_lsn()::text AS replayed,
              extract(epoch FROM now() - pg_last_xact_replay_timestamp())::float8 AS age`,
    ),
  ]);
  if (!r.recovering || !r.replayed) return null;
  const behind = lsnBytes(p.lsn) - lsnBytes(r.replayed);
  const lagBytes = Number(behind > 0n ? behind : 0n);
  return { lagBytes, lagSeconds: lagBytes === 0 ? 0 : Math.max(0, r.age ?? 0) };
}

/**
 * Read-model queries served by a streaming replica (READ_DATABASE_URL), the primary standing in
 * whenever the replica cannot: not configured, not answering, too far behind, or the request must see
 * its own writes that the replica has not replayed yet. A query the replica fails with a lost
 * connection is run again on the primary at once, so a stopped replica never costs a request.
 */
export function createReadPool(options: ReadPoolOptions): ReadPool {
  const { primary, replica, maxLagMs, everyMs = 1000, primaryOnly, onError } = options;
  const primaryReads = options.primaryReads ?? primary;
  if (!replica) return { pool: primaryReads, replica: () => null, replayedPastNow: async () => false, close: async () => {} };

  let state: ReplicaState = { usable: false, lagBytes: null, lagSeconds: null };
  const check = async () => {
    try {
      const lag = await replicaLag(primary, replica);
      if (!lag) {
        state = { usable: false, lagBytes: null, lagSeconds: null };
        return;
      }
      const { lagBytes, lagSeconds } = lag;
      state = { usable: lagSeconds * 1000 <= maxLagMs, lagBytes, lagSeconds };
    } catch (err) {
      state = { usable: false, lagBytes: null, lagSeconds: null };
      onError?.(err);
    }
  };
  let timer: NodeJS.Timeout | null = null;
  const loop = () => {
    timer = setTimeout(() => void check().finally(() => timer && loop()), everyMs);
    timer.unref();
  };
  void check();
  loop();

  const onReplica = () => state.usable && !primaryOnly();
  const onPrimary = (args: unknown[]) => (primaryReads.query as (...a: unknown[]) => unknown)(...args);
  const pool = {
    query: (...args: unknown[]) => {
      if (!onReplica()) return onPrimary(args);
      return (replica.query as (...a: unknown[]) => Promise<unknown>)(...args).catch((err: unknown) => {
        if (!isUnavailable(err)) throw err;
        state = { ...state, usable: false };
        return onPrimary(args);
      });
    },
  } as unknown as Queryable;

  return {
    pool,
    replica: () => state,
    async replayedPastNow(timeoutMs) {
      if (!state.usable) return false;
      const until = Date.now() + timeoutMs;
      try {
        const { rows: [p] } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_insert_lsn()::text AS lsn');
        const target = lsnBytes(p.lsn);
        for (;;) {
          const { rows: [r] } = await replica.query<{ replayed: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS replayed');
          if (r.replayed && lsnBytes(r.replayed) >= target) return true;
          if (Date.now() >= until) return false;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      } catch (err) {
        if (isUnavailable(err)) return false;
        throw err;
      }
    },
    async close() {
      if (timer) clearTimeout(timer);
      timer = null;
      await replica.end();
    },
  };
}
