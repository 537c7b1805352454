import { createHash } from 'node:crypto';

/**
 * The log's tamper evidence, computed where events are appended: each event's hash is
 * sha256(the previous event's hash in its stream ‖ the event's content), the content being the bytes
 * `event_content_of` (migrations/functions/event-store.sql) makes of the stored row. Postgres verifies
 * the chain from what it stores (services/audit/verify.ts), and the export's offline verifier from
 * the rows it reads, so the bytes here must be exactly Postgres's: data and metadata as the text
 * Postgres renders their `jsonb` in. Nothing here touches a database.
 */

export interface HashedContent {
  streamId: string;
  /** The event's position in its stream (the chain's order). */
  position: number;
  eventId: string;
  type: string;
  /** Data and metadata as Postgres's text of the jsonb (see jsonbText). */
  data: string;
  metadata: string;
}

/** The content one event's hash covers (the same bytes as event_content_of). */
export function eventContent(e: HashedContent): Buffer {
  return Buffer.from(`${e.streamId}\n${e.position}\n${e.eventId}\n${e.type}\n${e.data}\n${e.metadata}`, 'utf8');
}

/** sha256(previous hash ‖ content). */
export function chainHashBytes(previous: Buffer, e: HashedContent): Buffer {
  return createHash('sha256').update(previous).update(eventContent(e)).digest();
}

/** The same, hex in and out (the export's form). */
export function chainHash(previousHash: string, e: HashedContent): string {
  return chainHashBytes(Buffer.from(previousHash, 'hex'), e).toString('hex');
}

const byJsonbKeyOrder = (a: [Buffer, string], b: [Buffer, string]) => a[0].length - b[0].length || Buffer.compare(a[0], b[0]);

/**
 * The text Postgres gives a `jsonb` made from `JSON.stringify(value)`: object keys sorted by their
 * UTF-8 length, then bytewise; `": "` and `", "` between parts; numbers as `numeric` prints them
 * (never in exponent form); strings escaped as JSON.stringify escapes them (the same set as
 * Postgres's escape_json). Values JSON.stringify drops or turns into null are dropped or null here.
 */
export function jsonbText(value: unknown): string {
  const v = (value as { toJSON?: () => unknown } | null)?.toJSON instanceof Function ? (value as { toJSON: () => unknown }).toJSON() : value;
  switch (typeof v) {
    case 'string':
      return JSON.stringify(v);
    case 'number':
      return Number.isFinite(v) ? numericText(v) : 'null';
    case 'boolean':
      return v ? 'true' : 'false';
    case 'object': {
      if (v === null) return 'null';
      if (Array.isArray(v)) return `[${v.map((x) => (isDropped(x) ? 'null' : jsonbText(x))).join(', ')}]`;
      const pairs = Object.entries(v as Record<string, unknown>)
        .filter(([, x]) => !isDropped(x))
        .map(([k, x]): [Buffer, string] => [Buffer.from(k, 'utf8'), `${JSON.stringify(k)}: ${jsonbText(x)}`])
        .sort(byJsonbKeyOrder);
      return `{${pairs.map((p) => p[1]).join(', ')}}`;
    }
    default:
      throw new TypeError(`${typeof v} is not JSON`);
  }
}

const isDropped = (x: unknown) => x === undefined || typeof x === 'function' || typeof x === 'symbol';

/** A number as `numeric` prints the text JSON.stringify gives it: exponent forms written out in full. */
function numericText(n: number): string {
  const text = JSON.stringify(n);
  const e = text.indexOf('e');
  if (e < 0) return text;
  const negative = text.startsWith('-');
  const mantissa = text.slice(negative ? 1 : 0, e);
  const exponent = Number(text.slice(e + 1));
  const point = mantissa.indexOf('.');
  const digits = mantissa.replace('.', '');
  const intLength = (point < 0 ? mantissa.length : point) + exponent;
  let out: string;
  if (intLength <= 0) out = `0.${'0'.repeat(-intLength)}${digits}`;
  else if (intLength >= digits.length) out = digits + '0'.repeat(intLength - digits.length);
  else out = `${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
  return negative ? `-${out}` : out;
}
