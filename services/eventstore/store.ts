import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { ConcurrencyError, DuplicateCommandError } from './errors.ts';
import { AppendGroups } from './append-groups.ts';
import { appendAlone, appendGroup, chain, type StreamHead } from './chained-append.ts';
import type { AppendResult, ExpectedVersion, LogPosition, LoggedEvent, NewEvent, StoredEvent } from './types.ts';

import type { Queryable } from '../platform/pool.ts';
import { eventstoreAppendDuration, eventstoreAppends } from '../platform/metrics.ts';

export type { Queryable };

export interface AppendOptions {
  expected: ExpectedVersion;
  streamType?: string;
  /** The aggregate's state after these events, kept beside the stream. */
  snapshot?: unknown;
  /** Stores the commands' idempotency keys and results in the same transaction (several when decided together). */
  commands?: StoredCommand[];
  /** Runs the append inside the caller's transaction. */
  client?: Queryable;
}

export interface StoredCommand {
  id: string;
  requestHash: string;
  result: unknown;
}

export interface LoadedStream {
  version: number;
  snapshot: unknown;
  snapshotVersion: number;
  /** Events after the snapshot (all of them when there is none). */
  events: StoredEvent[];
  /** Each of `commandIds` that was already handled: its request hash and stored result. */
  commands: Map<string, { requestHash: string; result: unknown }>;
}

export type AppendListener = (result: AppendResult, types: string[], streamId: string) => void;

export interface EventRow {
  global_position: string | number;
  transaction_id: string;
  stream_id: string;
  stream_position: string | number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  /**
   * The event's time in milliseconds since the epoch, a whole number up to float8's rounding: every
   * read of events (EVENT_COLUMNS, log_batch) sends it so, not as a timestamptz, whose text node-postgres
   * parses with a regular expression (a quarter of a catch-up's decoding of the log).
   */
  created_ms: number;
}

export const EVENT_COLUMNS = `global_position, transaction_id::text AS transaction_id, stream_id, stream_position,
  event_id, type, data, metadata, date_part('epoch', date_trunc('milliseconds', created_at)) * 1000 AS created_ms`;

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    globalPosition: Number(row.global_position),
    transactionId: row.transaction_id,
    streamId: row.stream_id,
    streamPosition: Number(row.stream_position),
    eventId: row.event_id,
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    createdAt: new Date(Math.round(row.created_ms)),
  } as StoredEvent;
}

export function streamTypeOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

const MAX_KNOWN_HEADS = 50_000;

/**
 * How many group statements may be on their way at once (see AppendGroups). Measured when an append
 * still went alone below the limit, on the bench's debits over 1,000 organizations (50 connections,
 * two cores): 1,322–1,486 debits/s with every append alone, 2,536 with 2, 2,438 with 4, 2,148 with 8.
 */
const GROUP_AFTER = 2;

/** A failed append as the write side knows it: a clash with another writer (ES409), a command key used before (ES208), or as it came. */
function clashOf(err: unknown, streamId: string, expected: unknown, commands: StoredCommand[]): unknown {
  const e = err as { code?: string; detail?: string; constraint?: string };
  if (e.code === 'ES409') return new ConcurrencyError(streamId, expected, Number(e.detail));
  if ((e.code === 'ES208' || (e.code === '23505' && e.constraint === 'command_dedup_pkey')) && commands.length) {
    return new DuplicateCommandError(commands.map((c) => c.id).join(', '));
  }
  return err;
}

/** A batch of the log for a catch-up: its events, and the furthest position it is safe to move to when the batch is not full. */
export interface LogBatch {
  events: LoggedEvent[];
  head: LogPosition | null;
}

/**
 * The statement reading a batch of the log (log_batch, migrations/functions/event-log.sql): the events
 * of `types` (a text[] expression; null: every type) after the position `after` gives (a FROM item of one row with the
 * columns xid and pos: values, or a subquery), at most `limit`, in the order safe for projections,
 * with the furthest position it is safe to move a checkpoint to when the batch is not full (read in
 * the same snapshot, so nothing between the two can be skipped). The events come as rows (each decoded
 * by the driver as it arrives, not one JSON document of the whole batch); the head rides on every row,
 * and on one row of its own when the batch is empty (batchOf).
 */
export const batchReadSql = (after: string, limit: string, types: string) => `SELECT ${LOG_BATCH_COLUMNS} FROM ${after} a, LATERAL log_batch(a.xid, a.pos, ${limit}, ${types}) b`;

/**
 * The columns of a batch of the log (log_batch, projection_batch_read) as `b` that a catch-up reads:
 * every one but the events' metadata (LoggedEvent). Leaving it out took 4–8% off the Node CPU of a
 * rebuild of every read model over the bench's log (alternating runs, 2026-11-29: 2.21–2.26 CPU-seconds
 * against 2.35–2.42, and later 2.43–2.55 against 2.61–2.75), and 3–6% off its time. Read as arrays
 * (LOG_BATCH_ROWS), each column at its place in this list (COLUMN).
 */
const LOG_BATCH_COLUMN_NAMES = ['head_xid', 'head_pos', 'global_position', 'transaction_id', 'stream_id', 'stream_position', 'event_id', 'type', 'data', 'created_ms'] as const;
export const LOG_BATCH_COLUMNS = LOG_BATCH_COLUMN_NAMES.map((name) => `b.${name}`).join(', ');

/** Each column's place in a row of a batch read as an array. */
const COLUMN = Object.fromEntries(LOG_BATCH_COLUMN_NAMES.map((name, i) => [name, i])) as Record<(typeof LOG_BATCH_COLUMN_NAMES)[number], number>;

/** How a batch's rows are read: as arrays (batchOf), LOG_BATCH_COLUMNS in order. */
export const LOG_BATCH_ROWS = 'array';

/** A row of a batch of the log, read as an array, as an event: no object is made per row by the driver only to be copied into this one. */
function toLoggedEvent(row: unknown[]): LoggedEvent {
  return {
    globalPosition: Number(row[COLUMN.global_position]),
    transactionId: row[COLUMN.transaction_id] as string,
    streamId: row[COLUMN.stream_id] as string,
    streamPosition: Number(row[COLUMN.stream_position]),
    eventId: row[COLUMN.event_id] as string,
    type: row[COLUMN.type] as string,
    data: row[COLUMN.data],
    createdAt: new Date(Math.round(row[COLUMN.created_ms] as number)),
  };
}

/** The rows of batchReadSql, read with `rowMode: 'array'` (LOG_BATCH_ROWS), as a batch. */
export function batchOf(rows: unknown[][]): LogBatch {
  const first = rows[0];
  const head = first?.[COLUMN.head_xid] != null ? { xid: first[COLUMN.head_xid] as string, pos: Number(first[COLUMN.head_pos]) } : null;
  const events = first?.[COLUMN.event_id] == null ? [] : rows.map(toLoggedEvent);
  return { events, head };
}

export class EventStore {
  private readonly listeners = new Set<AppendListener>();
  /** Each stream's version and last hash as this process last wrote or read them (see appendChained). */
  private readonly heads = new Map<string, StreamHead>();
  /** Appends to existing streams made in one turn of the event loop go together (append-groups.ts). */
  private readonly groups: AppendGroups;

  /** `groupAfter`: how many group statements may be on their way at once (the appends of a turn go together). */
  constructor(
    readonly pool: pg.Pool,
    options: { groupAfter?: number } = {},
  ) {
    this.groups = new AppendGroups((append) => appendAlone(pool, append, null), (group) => appendGroup(pool, group), options.groupAfter ?? GROUP_AFTER);
  }

  /** Called after every append that committed (or, inside a caller's transaction, was written). */
  onAppended(listener: AppendListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    const { expected } = options;
    const commands = options.commands ?? [];
    const head = this.chainHead(streamId, expected);
    const timer = eventstoreAppendDuration.startTimer();
    let result: AppendResult;
    try {
      result = head ? await this.appendChained(streamId, events, options, commands, head) : await this.appendInSql(streamId, events, options, commands);
      timer();
      eventstoreAppends.inc();
    } catch (err) {
      throw clashOf(err, streamId, expected, commands);
    }
    if (!options.client) this.notify(result, events, streamId);
    return result;
  }

  /**
   * Appends to several streams in one statement (append_to_streams), all or nothing: one clash, or
   * one command key used before, and nothing of it is written. Listeners hear of each stream's append
   * (inside a caller's transaction, once it commits: see `notify`).
   */
  async appendMany(appends: ({ streamId: string; events: NewEvent[] } & AppendOptions)[], client?: Queryable): Promise<AppendResult[]> {
    const timer = eventstoreAppendDuration.startTimer();
    const batch = appends.map((a) => {
      const commands = a.commands ?? [];
      return {
        streamId: a.streamId,
        streamType: a.streamType ?? streamTypeOf(a.streamId),
        expectedKind: typeof a.expected === 'number' ? 'version' : a.expected,
        expected: typeof a.expected === 'number' ? a.expected : null,
        eventIds: a.events.map((e) => e.id ?? randomUUID()),
        types: a.events.map((e) => e.type),
        data: a.events.map((e) => e.data ?? {}),
        metadata: a.events.map((e) => e.metadata ?? {}),
        snapshot: a.snapshot === undefined ? null : a.snapshot,
        commandIds: commands.map((c) => c.id),
        requestHashes: commands.map((c) => c.requestHash),
        results: commands.map((c) => c.result ?? {}),
      };
    });
    let rows: { stream_id: string; next_version: string; last_position: string; tx_id: string }[];
    try {
      const res = await (client ?? this.pool).query({
        name: 'es-append-many',
        text: 'SELECT stream_id, next_version, last_position, tx_id::text AS tx_id FROM append_to_streams($1::jsonb)',
        values: [JSON.stringify(batch)],
      });
      rows = res.rows;
      timer();
    } catch (err) {
      for (const a of appends) this.heads.delete(a.streamId);
      throw clashOf(err, appends.map((a) => a.streamId).join(', '), 'their versions', appends.flatMap((a) => a.commands ?? []));
    }
    const results = rows.map((row, i) => {
      eventstoreAppends.inc();
      this.heads.delete(row.stream_id); // learnt again at the stream's next load
      return { result: { nextVersion: Number(row.next_version), position: { xid: row.tx_id, pos: Number(row.last_position) } }, append: appends[i] };
    });
    if (!client) for (const { result, append } of results) this.notify(result, append.events, append.streamId);
    return results.map((r) => r.result);
  }

  /**
   * The stream's version and last hash, when this process knows them for the version expected: a new
   * stream, or the one it last read or wrote. Then the append is one plain statement (appendChained);
   * otherwise Postgres chains the hashes (append_to_stream).
   */
  private chainHead(streamId: string, expected: ExpectedVersion): StreamHead | null {
    if (expected === 0 || expected === 'no_stream') return { version: 0, hash: null };
    if (typeof expected !== 'number') return null;
    const known = this.heads.get(streamId);
    return known && known.version === expected && known.hash ? known : null;
  }

  private rememberHead(streamId: string, head: StreamHead): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > MAX_KNOWN_HEADS) this.heads.delete(this.heads.keys().next().value as string);
  }

  /**
   * One statement: the hashes chained here from the head this process knows, the stream's row moved
   * from that version and hash to the new ones, the events and the commands' results inserted
   * (chained-append.ts). Postgres refuses a stale head (another writer moved the row: nothing matches
   * and nothing is written) and a concurrent writer (it waits for the row, re-reads it and matches
   * nothing); a used command key breaks the command table's key. Appends to existing streams outside
   * a caller's transaction go through the group commit (append-groups.ts). Inside a caller's
   * transaction that may roll back, the head kept here can be ahead of the stream: the next append
   * then matches nothing and is a clash, as it is.
   */
  private async appendChained(
    streamId: string,
    events: NewEvent[],
    options: AppendOptions,
    commands: StoredCommand[],
    head: StreamHead,
  ): Promise<AppendResult> {
    const append = chain(streamId, events, head, options.snapshot, commands);
    const db = options.client ?? this.pool;
    const result = head.version > 0 && !options.client ? await this.groups.run(append) : await appendAlone(db, append, options.streamType ?? streamTypeOf(streamId));
    if (!result) {
      this.heads.delete(streamId);
      // The statement's snapshot predates the writer it waited for: the version it lost to is read after.
      const actual = await db.query('SELECT version FROM streams WHERE stream_id = $1', [streamId]);
      throw new ConcurrencyError(streamId, options.expected, actual.rows[0] ? Number(actual.rows[0].version) : -1);
    }
    this.rememberHead(streamId, { version: append.next, hash: append.hash });
    return result;
  }

  /** The append Postgres chains (append_to_stream): for 'any', 'stream_exists' and heads this process does not know. */
  private async appendInSql(streamId: string, events: NewEvent[], options: AppendOptions, commands: StoredCommand[]): Promise<AppendResult> {
    const { expected } = options;
    const res = await (options.client ?? this.pool).query({
      name: 'es-append',
      text: `SELECT next_version, last_position, tx_id::text AS tx_id
         FROM append_to_stream($1, $2, $3, $4, $5::uuid[], $6::text[], $7::jsonb[], $8::jsonb[], $9, $10::text[], $11::text[], $12::jsonb[])`,
      values: [
        streamId,
        options.streamType ?? streamTypeOf(streamId),
        typeof expected === 'number' ? 'version' : expected,
        typeof expected === 'number' ? expected : null,
        events.map((e) => e.id ?? randomUUID()),
        events.map((e) => e.type),
        events.map((e) => JSON.stringify(e.data ?? {})),
        events.map((e) => JSON.stringify(e.metadata ?? {})),
        options.snapshot === undefined ? null : JSON.stringify(options.snapshot),
        commands.length ? commands.map((c) => c.id) : null,
        commands.length ? commands.map((c) => c.requestHash) : null,
        commands.length ? commands.map((c) => JSON.stringify(c.result ?? {})) : null,
      ],
    });
    const row = res.rows[0] as { next_version: string; last_position: string; tx_id: string };
    this.heads.delete(streamId); // learnt again at the stream's next load
    return { nextVersion: Number(row.next_version), position: { xid: row.tx_id, pos: Number(row.last_position) } };
  }

  /** Tells listeners about an append made inside a transaction that has now committed. */
  notify(result: AppendResult, events: Pick<NewEvent, 'type'>[], streamId: string): void {
    const types = events.map((e) => e.type);
    for (const listener of this.listeners) listener(result, types, streamId);
  }

  async readStream(streamId: string, options: { from?: number; client?: Queryable } = {}): Promise<StoredEvent[]> {
    const res = await (options.client ?? this.pool).query(
      `SELECT ${EVENT_COLUMNS} FROM event_log WHERE stream_id = $1 AND stream_position >= $2 ORDER BY stream_position`,
      [streamId, options.from ?? 1],
    );
    return res.rows.map(toStoredEvent);
  }

  /**
   * One round trip: the stream's version, its snapshot, the events after the snapshot, and the
   * stored results of the command keys asked for (`commandIds`). A snapshot of another shape than
   * `snapshotVersion` is ignored and the whole stream is read instead.
   */
  async load(
    streamId: string,
    options: { commandIds?: string[]; snapshotVersion?: number; client?: Queryable } = {},
  ): Promise<LoadedStream> {
    const loaded = await this.loadMany([{ streamId, snapshotVersion: options.snapshotVersion }], options);
    return loaded.get(streamId)!;
  }

  /**
   * Several streams in one round trip (each as `load` reads it, with its decider's snapshot version),
   * and the stored results of the command keys asked for, shared by all of them.
   */
  async loadMany(streams: { streamId: string; snapshotVersion?: number }[], options: { commandIds?: string[]; client?: Queryable } = {}): Promise<Map<string, LoadedStream>> {
    const db = options.client ?? this.pool;
    const res = await db.query({
      name: 'es-load-many',
      text: `SELECT ids.stream_id AS id, s.version, s.snapshot, s.snapshot_version, s.last_hash,
              (SELECT json_agg(d) FROM (SELECT command_id, request_hash, result FROM command_dedup WHERE command_id = ANY($3::text[])) d) AS commands,
              (SELECT coalesce(json_agg(e ORDER BY e.stream_position), '[]'::json) FROM (
                 SELECT ${EVENT_COLUMNS} FROM event_log
                  WHERE stream_id = ids.stream_id
                    AND stream_position > CASE WHEN (s.snapshot->>'v')::int = ids.snap_v THEN s.snapshot_version ELSE 0 END
              ) e) AS events
         FROM unnest($1::text[], $2::int[]) AS ids(stream_id, snap_v) LEFT JOIN streams s ON s.stream_id = ids.stream_id`,
      values: [streams.map((s) => s.streamId), streams.map((s) => s.snapshotVersion ?? -1), options.commandIds ?? []],
    });
    const versions = new Map(streams.map((s) => [s.streamId, s.snapshotVersion]));
    return new Map(res.rows.map((row) => [row.id as string, this.loaded(row.id as string, row, versions.get(row.id))]));
  }

  /** A loaded stream from its row (see `load`); its head is remembered for the next append. */
  private loaded(streamId: string, row: Record<string, unknown>, snapshotVersion: number | undefined): LoadedStream {
    const snap = row.snapshot as { v?: number; state?: unknown } | null;
    const commands = new Map<string, { requestHash: string; result: unknown }>(
      ((row.commands ?? []) as { command_id: string; request_hash: string; result: unknown }[]).map((c) => [
        c.command_id,
        { requestHash: c.request_hash, result: c.result },
      ]),
    );
    if (row.version != null) this.rememberHead(streamId, { version: Number(row.version), hash: row.last_hash as Buffer | null });
    const useSnapshot = snap != null && snapshotVersion !== undefined && snap.v === snapshotVersion;
    return {
      version: row.version == null ? 0 : Number(row.version),
      snapshot: useSnapshot ? snap.state : undefined,
      snapshotVersion: useSnapshot ? Number(row.snapshot_version) : 0,
      events: (row.events as EventRow[]).map(toStoredEvent),
      commands,
    };
  }

  /**
   * Reads the whole log after `after` in an order that is safe for projections: a transaction
   * that took a lower position but commits later is never skipped, because nothing at or above
   * the oldest running transaction is handed out yet (readBatch of every type).
   */
  async readAll(after: LogPosition, limit: number, client?: Queryable): Promise<LoggedEvent[]> {
    return (await this.readBatch(after, limit, null, client)).events;
  }

  /**
   * The log after `after`, only events of the given types (null: every type), and with the furthest
   * position it is safe to move a checkpoint to when the batch is not full (batchReadSql).
   */
  async readBatch(after: LogPosition, limit: number, types: readonly string[] | null, client?: Queryable): Promise<LogBatch> {
    const res = await (client ?? this.pool).query({
      name: 'es-read-batch',
      text: batchReadSql('(SELECT $1::xid8 AS xid, $2::bigint AS pos)', '$3', '$4::text[]'),
      values: [after.xid, after.pos, limit, types],
      rowMode: LOG_BATCH_ROWS,
    });
    return batchOf(res.rows);
  }

  /**
   * Whether an event of these types lies among the next events beyond `after`, visible yet or held
   * back by an open transaction. The next 500 are read in log order through the index and filtered
   * after: asked as one EXISTS, the planner (which cannot estimate an xid8 range) chose a scan of the
   * whole log, ~50 ms a call on 130,000 events, and the settle loops call it every few milliseconds.
   */
  async hasEventsAfter(after: LogPosition, types: readonly string[], client?: Queryable): Promise<boolean> {
    const res = await (client ?? this.pool).query(
      `SELECT EXISTS (
         SELECT 1 FROM (SELECT type FROM event_log WHERE (transaction_id, global_position) > ($1::xid8, $2::bigint)
                         ORDER BY transaction_id, global_position LIMIT 500) next
          WHERE type = ANY($3::text[])) AS more`,
      [after.xid, after.pos, types],
    );
    return res.rows[0].more as boolean;
  }

  async head(client?: Queryable): Promise<LogPosition> {
    const res = await (client ?? this.pool).query(
      `SELECT transaction_id::text AS xid, global_position AS pos FROM event_log
        ORDER BY transaction_id DESC, global_position DESC LIMIT 1`,
    );
    return res.rows[0] ? { xid: res.rows[0].xid, pos: Number(res.rows[0].pos) } : { xid: '0', pos: 0 };
  }
}
