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

/** The content one event's hash covers, as text: its UTF-8 bytes are event_content_of's. */
const eventContent = (e: HashedContent) => `${e.streamId}\n${e.position}\n${e.eventId}\n${e.type}\n${e.data}\n${e.metadata}`;

/** sha256(previous hash ‖ content): the text hashed as UTF-8 straight away (a Buffer of it first cost 0.6–0.9 µs more an event). */
export function chainHashBytes(previous: Buffer, e: HashedContent): Buffer {
  return createHash('sha256').update(previous).update(eventContent(e), 'utf8').digest();
}

/** The same, hex in and out (the export's form). */
export function chainHash(previousHash: string, e: HashedContent): string {
  return chainHashBytes(Buffer.from(previousHash, 'hex'), e).toString('hex');
}

const ASCII = /^[\x00-\x7f]*$/;

/** Postgres's order of a jsonb object's keys: by UTF-8 length, then bytewise (ASCII keys compare as they are). */
function byJsonbKeyOrder(a: string, b: string): number {
  if (ASCII.test(a) && ASCII.test(b)) return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length - y.length || Buffer.compare(x, y);
}

/** The keys of the object last sorted, and their order: an array of objects of one shape sorts its keys once. */
let lastKeys: string[] = [];
let lastSorted: string[] = [];
let lastQuoted: string[] = [];

/** The object's keys in Postgres's order, each with its JSON text (`"key": `). */
function sortedKeys(keys: string[]): [sorted: string[], quoted: string[]] {
  if (keys.length !== lastKeys.length || keys.some((k, i) => k !== lastKeys[i])) {
    lastKeys = keys;
    lastSorted = [...keys].sort(byJsonbKeyOrder);
    lastQuoted = lastSorted.map((k) => `${JSON.stringify(k)}: `);
  }
  return [lastSorted, lastQuoted];
}

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
      if (Array.isArray(v)) {
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ', ' : '') + (isDropped(v[i]) ? 'null' : jsonbText(v[i]));
        return `${out}]`;
      }
      const object = v as Record<string, unknown>;
      const [keys, quoted] = sortedKeys(Object.keys(object));
      let out = '{';
      for (let i = 0; i < keys.length; i++) {
        const x = object[keys[i]];
        if (!isDropped(x)) out += (out.length > 1 ? ', ' : '') + quoted[i] + jsonbText(x);
      }
      return `${out}}`;
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
