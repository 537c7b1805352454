import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipelining } from '../services/platform/pool.ts';
import type { LoggedEvent } from '../services/eventstore/types.ts';

/** A table's columns as a batch writes them, in order: name, SQL type, and the row's property when it is named otherwise. */
export type Columns = readonly (readonly [name: string, type: string, key?: string])[];

/** From this many rows, rows that are each the first of their key (insertRows without a conflict clause) go by COPY; below it one INSERT is as quick, and a round trip shorter. */
export const COPY_FROM = 50;

/**
 * Writes rows to one of a read model's tables in one statement. Without `conflict`, no row's key is in
 * the table yet (a row made by an event, which is applied once: the batch's checkpoint moves with it;
 * or any row of a rebuild's fresh tables, whose unique indexes come after the load): from COPY_FROM
 * rows they go by COPY, which Postgres takes without parsing a JSON document and without a conflict
 * check per row (a key seen before fails the batch), and below it (or on a pipelining connection,
 * which cannot COPY) by a plain INSERT. Rows that may be there already go by INSERT … SELECT from the
 * rows as one jsonb parameter, with `conflict` (e.g. `ON CONFLICT (id) DO UPDATE …`).
 */
export async function insertRows(db: pg.PoolClient, table: string, columns: Columns, rows: readonly object[], conflict = ''): Promise<void> {
  if (rows.length === 0) return;
  const names = columns.map(([name]) => name);
  const keys = columns.map(([name, , key]) => key ?? name);
  if (!conflict && rows.length >= COPY_FROM && !pipelining(db)) {
    await copyRows(db, table, names, keys, rows);
    return;
  }
  await db.query(
    `INSERT INTO ${table} (${names.join(', ')}) SELECT ${keys.map((k) => `"${k}"`).join(', ')}
       FROM jsonb_to_recordset($1::jsonb) AS r(${columns.map(([name, type, key]) => `"${key ?? name}" ${type}`).join(', ')}) ${conflict}`,
    [JSON.stringify(rows)],
  );
}

/** The size of each chunk of COPY text a batch's rows are written into. */
const COPY_CHUNK = 64 * 1024;

/**
 * COPY … FROM STDIN in text format: one round trip for the whole batch. Each row's line (its fields'
 * text, tabs between, a newline after) is written into chunks of COPY_CHUNK bytes: a string built by
 * `+=` for the whole batch was a tree of its pieces that encoding had to flatten first (five times as
 * long as encoding it in chunks), and the pieces were the largest part of a rebuild's garbage (275 MB
 * of 1.6 GB). A line is short, and encoded with one call instead of one a field (a movement's eleven):
 * 1.2 µs a row instead of 1.8 in a micro-benchmark of 5,000 movements.
 */
async function copyRows(db: pg.PoolClient, table: string, names: string[], keys: string[], rows: readonly object[]): Promise<void> {
  const chunks: Buffer[] = [];
  let chunk = Buffer.allocUnsafe(COPY_CHUNK);
  let used = 0;
  for (const row of rows) {
    const values = row as Record<string, unknown>;
    let line = copyText(values[keys[0]]);
    for (let i = 1; i < keys.length; i++) line += '\t' + copyText(values[keys[i]]);
    line += '\n';
    // UTF-8 takes at most 3 bytes for each UTF-16 unit.
    const room = line.length * 3;
    if (used + room > chunk.length) {
      chunks.push(chunk.subarray(0, used));
      chunk = Buffer.allocUnsafe(Math.max(COPY_CHUNK, room));
      used = 0;
    }
    used += chunk.write(line, used, 'utf8');
  }
  chunks.push(chunk.subarray(0, used));
  await pipeline(Readable.from(chunks), db.query(copyFrom(`COPY ${table} (${names.join(', ')}) FROM STDIN`)));
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY's text format: null as \N, objects as JSON (jsonb columns), the rest as text, with its four special characters escaped (a number has none). */
export function copyText(value: unknown): string {
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(value);
    case 'undefined':
      return '\\N';
  }
  if (value === null) return '\\N';
  const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c]) : text;
}

/** A group of a batch's events summed: its key's fields, its counts, and the first and last position it covers. */
export type GroupSum<K, C> = K & C & { first: number; last: number };

/**
 * A batch summed per group, for read models that count (a row per group, not per event): `keyOf`
 * names an event's group (null: not counted), `zero` starts a group's counts and `add` counts an event
 * into them. Each group keeps the first and last position it covers: it is written when it is past the
 * position its row last counted (an organization's events come in position order), so a batch applied
 * again adds nothing.
 */
export function sumByGroup<E extends LoggedEvent, K extends Record<string, string | null>, C extends object>(
  events: readonly E[],
  keyOf: (event: E) => K | null,
  zero: () => C,
  add: (counts: C, event: E) => void,
): GroupSum<K, C>[] {
  const sums = new Map<string, GroupSum<K, C>>();
  for (const event of events) {
    const key = keyOf(event);
    if (!key) continue;
    const name = Object.values(key).join('\n');
    let sum = sums.get(name);
    if (!sum) sums.set(name, (sum = { ...key, ...zero(), first: event.globalPosition, last: event.globalPosition }));
    add(sum, event);
    sum.first = Math.min(sum.first, event.globalPosition);
    sum.last = Math.max(sum.last, event.globalPosition);
  }
  return [...sums.values()];
}

/** DDL adding a table's primary key (named as PRIMARY KEY in CREATE TABLE names it) unless it has it: for a Projection's `indexes`. */
export const primaryKey = (table: string, columns: string) =>
  `DO $$ BEGIN
     IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = '${table}'::regclass AND contype = 'p') THEN
       ALTER TABLE ${table} ADD CONSTRAINT ${table}_pkey PRIMARY KEY (${columns});
     END IF;
   END $$;`;
