import { randomUUID } from 'node:crypto';
import { arrayLiteral } from '../platform/pg-array.ts';
import type { Queryable } from '../platform/pool.ts';
import { chainHashBytes, jsonbText } from './hash-chain.ts';
import type { AppendResult, NewEvent } from './types.ts';

/** A stream's version and the hash of its last event (null before its first). */
export interface StreamHead {
  version: number;
  hash: Buffer | null;
}

/** A chained append ready to send: its rows hashed from the head this process knows (`chain`). */
export interface ChainedAppend {
  streamId: string;
  /** The stream's version and last hash before, and after. */
  version: number;
  lastHash: Buffer;
  next: number;
  hash: Buffer;
  ids: string[];
  types: string[];
  /** Postgres's text of each event's data and metadata (the texts the hashes cover). */
  data: string[];
  metadata: string[];
  hashes: Buffer[];
  /** The snapshot's JSON, or null. */
  snapshot: string | null;
  commands: { id: string; requestHash: string; result: unknown }[];
}

/** The append's rows, each event's hash chained from the head this process knows. */
export function chain(streamId: string, events: NewEvent[], head: StreamHead, snapshot: unknown, commands: ChainedAppend['commands']): ChainedAppend {
  const ids = events.map((e) => e.id ?? randomUUID());
  const data = events.map((e) => jsonbText(e.data ?? {}));
  const metadata = events.map((e) => jsonbText(e.metadata ?? {}));
  const lastHash = head.hash ?? Buffer.alloc(0);
  let hash = lastHash;
  const hashes = events.map((e, i) => {
    hash = chainHashBytes(hash, { streamId, position: head.version + i + 1, eventId: ids[i], type: e.type, data: data[i], metadata: metadata[i] });
    return hash;
  });
  return {
    streamId,
    version: head.version,
    lastHash,
    next: head.version + events.length,
    hash,
    ids,
    types: events.map((e) => e.type),
    data,
    metadata,
    hashes,
    snapshot: snapshot === undefined ? null : JSON.stringify(snapshot),
    commands,
  };
}

/**
 * The chained append's statements (store.ts appendChained, appendAlone here). $1 stream, $2 its version before, $3 after,
 * $4 the new last hash, $5 the snapshot, $6–$10 the events (ids, types, data, metadata, hashes),
 * $11–$13 the commands (ids, request hashes, results), $14 the stream's last hash before (an existing
 * stream) or its type (a new one), $15 the events' ordinals (1…n). Every insert reads the stream's row
 * moved, so a stale head writes nothing.
 *
 * The ordinals come as an array, not from `generate_series(1, n)`: with n a parameter, the generic plan
 * reckons generate_series's default 1,000 rows, so it looked five times dearer than the plans made for
 * each call's values, and Postgres planned every append anew (plancache.c keeps the generic plan only
 * when it is estimated no dearer than those). An array parameter is reckoned as a known one is, so the
 * statement is planned five times per connection and then never again: 611–714 → 408–427 µs of
 * Postgres CPU an append, 8 clients of one event (`eventstore.test.ts` checks the plan is kept).
 *
 * The arrays are spread by set-returning functions in the select list (run in lockstep, one row each,
 * in order: a row's position is the version before plus its ordinal), not by `unnest(...) WITH
 * ORDINALITY` in FROM: a function in FROM is a Function Scan, which fills a tuplestore before its first
 * row (16 KB allocated per scan, two scans per append). Those two allocations pushed each append's
 * memory past glibc's trim threshold, so every append grew the backend's heap and gave it back (a brk
 * pair, and a TLB flush on every core): pgbench running this statement, 8 clients, 1 event each, went
 * from 1,400-1,850 to 5,200-7,000 appends/s, and its backends' CPU from ~550 to ~130 µs an append.
 *
 * The events' data and metadata (and the commands' results) travel as one JSON array each, spread by
 * `jsonb_array_elements`, not as `jsonb[]`: pg writes an array parameter as an array literal, quoting
 * and escaping every element (each JSON's every quote), which was 5% of the API's CPU on batches of
 * metered usage; the texts are the ones the hash chain rendered already.
 */
const APPEND_TAIL = `,
  ins AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, hash)
    SELECT $1, $2::bigint + unnest($15::int[]),
           unnest($6::uuid[]), unnest($7::text[]), jsonb_array_elements($8::jsonb), jsonb_array_elements($9::jsonb), unnest($10::bytea[])
      FROM moved
    RETURNING global_position),
  cmd AS (
    INSERT INTO command_dedup (command_id, request_hash, result)
    SELECT unnest($11::text[]), unnest($12::text[]), jsonb_array_elements($13::jsonb) FROM moved)
SELECT (SELECT version FROM moved) AS next_version, (SELECT max(global_position) FROM ins) AS last_position,
       pg_current_xact_id()::text AS tx_id`;

const APPEND_NEXT = `WITH moved AS (
    UPDATE streams
       SET version = $3, last_hash = $4,
           snapshot = COALESCE($5::jsonb, snapshot),
           snapshot_version = CASE WHEN $5::jsonb IS NULL THEN snapshot_version ELSE $3 END,
           updated_at = now()
     WHERE stream_id = $1 AND version = $2 AND last_hash = $14::bytea
    RETURNING version)${APPEND_TAIL}`;

const APPEND_NEW = `WITH moved AS (
    INSERT INTO streams (stream_id, stream_type, version, snapshot, snapshot_version, last_hash)
    VALUES ($1, $14::text, $3, $5::jsonb, CASE WHEN $5::jsonb IS NULL THEN NULL ELSE $3::bigint END, $4)
    ON CONFLICT (stream_id) DO NOTHING
    RETURNING version)${APPEND_TAIL}`;

/** One append alone (a new stream's needs its type): its result, or null when its stream had moved. */
export async function appendAlone(db: Queryable, a: ChainedAppend, streamType: string | null): Promise<AppendResult | null> {
  const res = await db.query({
    name: a.version === 0 ? 'es-append-new' : 'es-append-next',
    text: a.version === 0 ? APPEND_NEW : APPEND_NEXT,
    values: [
      a.streamId,
      a.version,
      a.next,
      a.hash,
      a.snapshot,
      arrayLiteral(a.ids),
      arrayLiteral(a.types),
      `[${a.data.join(',')}]`,
      `[${a.metadata.join(',')}]`,
      arrayLiteral(a.hashes),
      arrayLiteral(a.commands.map((c) => c.id)),
      arrayLiteral(a.commands.map((c) => c.requestHash)),
      JSON.stringify(a.commands.map((c) => c.result ?? {})),
      a.version === 0 ? streamType : a.lastHash,
      arrayLiteral(a.ids.map((_, i) => i + 1)),
    ],
  });
  const row = res.rows[0] as { next_version: string | null; last_position: string; tx_id: string };
  return row.next_version == null ? null : { nextVersion: a.next, position: { xid: row.tx_id, pos: Number(row.last_position) } };
}

/**
 * Appends to several existing streams in one statement, each as its own chained append would: a
 * stream's row moves from the version and hash its append expects, and only the events and command
 * results of the streams that moved are written. A stream that another writer moved (or that waited
 * for one) is not written and is answered absent, so each append of the group succeeds or clashes on
 * its own; a used command key breaks the command table's key and fails the whole statement (nothing
 * of it is written). The events go in in the order given (`ord`), so each stream's positions follow
 * the log's. The streams' rows are found through their key (`= ANY`: with the arrays' length unknown,
 * the generic plan otherwise scanned every stream) and come sorted by id, so two groups lock the rows
 * they share in one order.
 */
const APPEND_GROUP = `WITH moved AS (
    UPDATE streams s
       SET version = u.next, last_hash = u.hash, updated_at = now(),
           snapshot = COALESCE(u.snapshot, s.snapshot),
           snapshot_version = CASE WHEN u.snapshot IS NULL THEN s.snapshot_version ELSE u.next END
      FROM (SELECT unnest($1::text[]) AS stream_id, unnest($2::bigint[]) AS version, unnest($3::bigint[]) AS next,
                   unnest($4::bytea[]) AS last_hash, unnest($5::bytea[]) AS hash, NULLIF(jsonb_array_elements($6::jsonb), 'null'::jsonb) AS snapshot) u
     WHERE s.stream_id = ANY($1::text[]) AND s.stream_id = u.stream_id AND s.version = u.version AND s.last_hash = u.last_hash
    RETURNING s.stream_id, s.version),
  ins AS (
    INSERT INTO events (stream_id, stream_position, event_id, type, data, metadata, hash)
    SELECT e.stream_id, e.position, e.event_id, e.type, e.data, e.metadata, e.hash
      FROM (SELECT unnest($7::text[]) AS stream_id, unnest($8::bigint[]) AS position, unnest($9::uuid[]) AS event_id, unnest($10::text[]) AS type,
                   jsonb_array_elements($11::jsonb) AS data, jsonb_array_elements($12::jsonb) AS metadata, unnest($13::bytea[]) AS hash,
                   unnest($14::int[]) AS ord) e
     WHERE e.stream_id IN (SELECT stream_id FROM moved)
     ORDER BY e.ord
    RETURNING stream_id, global_position),
  cmd AS (
    INSERT INTO command_dedup (command_id, request_hash, result)
    SELECT c.id, c.request_hash, c.result
      FROM (SELECT unnest($15::text[]) AS stream_id, unnest($16::text[]) AS id, unnest($17::text[]) AS request_hash, jsonb_array_elements($18::jsonb) AS result) c
     WHERE c.stream_id IN (SELECT stream_id FROM moved))
SELECT m.stream_id, (SELECT max(i.global_position) FROM ins i WHERE i.stream_id = m.stream_id) AS last_position, pg_current_xact_id()::text AS tx_id
  FROM moved m`;

/** Sends a group (two or more appends to distinct streams): each stream's result, or null for one that clashed. */
export async function appendGroup(db: Queryable, group: ChainedAppend[]): Promise<(AppendResult | null)[]> {
  const sorted = [...group].sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  const events = sorted.flatMap((a) => a.ids.map((id, i) => ({ a, id, i })));
  const commands = sorted.flatMap((a) => a.commands.map((c) => ({ a, c })));
  const res = await db.query({
    name: 'es-append-group',
    text: APPEND_GROUP,
    values: [
      arrayLiteral(sorted.map((a) => a.streamId)),
      arrayLiteral(sorted.map((a) => a.version)),
      arrayLiteral(sorted.map((a) => a.next)),
      arrayLiteral(sorted.map((a) => a.lastHash)),
      arrayLiteral(sorted.map((a) => a.hash)),
      `[${sorted.map((a) => a.snapshot ?? 'null').join(',')}]`,
      arrayLiteral(events.map((e) => e.a.streamId)),
      arrayLiteral(events.map((e) => e.a.version + e.i + 1)),
      arrayLiteral(events.map((e) => e.id)),
      arrayLiteral(events.map((e) => e.a.types[e.i])),
      `[${events.map((e) => e.a.data[e.i]).join(',')}]`,
      `[${events.map((e) => e.a.metadata[e.i]).join(',')}]`,
      arrayLiteral(events.map((e) => e.a.hashes[e.i])),
      arrayLiteral(events.map((_, ord) => ord + 1)),
      arrayLiteral(commands.map((x) => x.a.streamId)),
      arrayLiteral(commands.map((x) => x.c.id)),
      arrayLiteral(commands.map((x) => x.c.requestHash)),
      JSON.stringify(commands.map((x) => x.c.result ?? {})),
    ],
  });
  const moved = new Map((res.rows as { stream_id: string; last_position: string; tx_id: string }[]).map((r) => [r.stream_id, r]));
  return group.map((a) => {
    const row = moved.get(a.streamId);
    return row ? { nextVersion: a.next, position: { xid: row.tx_id, pos: Number(row.last_position) } } : null;
  });
}

