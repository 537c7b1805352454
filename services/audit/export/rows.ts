import type { HashedContent } from '../../eventstore/hash-chain.ts';

/**
 * One row of a ledger export, and the only code that makes or reads one: the export writes rows with
 * it, and the offline verifier (bin/verify-export.ts) rebuilds every row from the fields the hash
 * chain covers and compares it with the line it read. So every byte of a row is checked: the chained
 * fields by the hash, the others (time, amount, balance after, who...) by being derived from them.
 * Nothing here touches a database.
 */

/** What the hash chain covers (services/eventstore/hash-chain.ts), with the stored hashes. */
export interface ChainedEvent extends HashedContent {
  /** Hex sha256 of the previous event's hash in the stream (empty for the first) and this event's content. */
  previousHash: string;
  hash: string;
}

export interface ExportRow extends ChainedEvent {
  time: string;
  amount: number | null;
  balanceAfter: number | null;
  lotId: string;
  holdId: string;
  /** Who: the member's user id, `stripe` or `system`. */
  actor: string;
  apiKeyId: string;
  description: string;
  stripeIds: string;
}

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The columns of a row, in order (the CSV header, the JSONL keys). */
export const COLUMNS = [
  'position',
  'time',
  'type',
  'amount',
  'balance_after',
  'lot_id',
  'hold_id',
  'actor',
  'api_key_id',
  'description',
  'stripe_ids',
  'stream_id',
  'event_id',
  'data',
  'metadata',
  'previous_hash',
  'hash',
] as const;

type Json = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' ? v : null);

/** The signed amount an event moves the balance by (null: it does not move it; holds show what they reserve or give back). */
function amountOf(type: string, d: Json): number | null {
  switch (type) {
    case 'CreditsGranted':
      return num(d.amount);
    case 'CreditsDebited':
    case 'CreditsRevoked':
    case 'CreditsExpired':
      return num(d.amount) === null ? null : -(d.amount as number);
    case 'HoldPlaced':
      return num(d.credits) === null ? null : -(d.credits as number);
    case 'HoldReleased':
    case 'HoldExpired':
      return num(d.credits);
    default:
      return null;
  }
}

const STRIPE_ID = /\b(?:evt|cs|sub|in|ch|re|pi|py|cus|price|prod|seti|pm)_[A-Za-z0-9]+/g;

/**
 * The row of one event: every field read from what its hash covers. The balance after is the one the
 * event records (the events that move the balance: grants, debits, revocations, expiries); a hold
 * changes what is available, not the balance, and leaves it empty like the organization's own events.
 */
export function rowOf(e: ChainedEvent): ExportRow {
  const d = JSON.parse(e.data) as Json;
  const m = JSON.parse(e.metadata) as Json;
  const balanceAfter = num(d.balanceAfter);
  const stripeIds = [...new Set(`${e.data} ${e.metadata}`.match(STRIPE_ID) ?? [])].join(' ');
  return {
    ...e,
    time: str(d.at),
    amount: amountOf(e.type, d),
    balanceAfter,
    lotId: str(d.lotId),
    holdId: str(d.holdId),
    actor: str(m.actor),
    apiKeyId: str(m.api_key_id),
    description: e.type === 'CreditsExpired' ? 'Credits expired' : str(d.description),
    stripeIds,
  };
}

const cells = (r: ExportRow) => [
  String(r.position),
  r.time,
  r.type,
  r.amount === null ? '' : String(r.amount),
  r.balanceAfter === null ? '' : String(r.balanceAfter),
  r.lotId,
  r.holdId,
  r.actor,
  r.apiKeyId,
  r.description,
  r.stripeIds,
  r.streamId,
  r.eventId,
  r.data,
  r.metadata,
  r.previousHash,
  r.hash,
];

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
export const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
export const csvLine = (fields: string[]) => `${fields.map(csvField).join(',')}\n`;

export const csvHeader = () => csvLine([...COLUMNS]);

/** One row as a line of the format (with its line break). */
export function formatRow(format: ExportFormat, r: ExportRow): string {
  if (format === 'csv') return csvLine(cells(r));
  const values = cells(r);
  const obj: Record<string, string | number | null> = Object.fromEntries(COLUMNS.map((c, i) => [c, values[i]]));
  obj.position = r.position;
  obj.amount = r.amount;
  obj.balance_after = r.balanceAfter;
  return `${JSON.stringify(obj)}\n`;
}

/** Splits one CSV record (no line breaks outside quotes are expected inside a record's fields here: JSON text has none). */
export function parseCsvLine(line: string): string[] {
  const out: string[] = [];
  let i = 0;
  for (;;) {
    if (line[i] === '"') {
      let value = '';
      i++;
      for (;;) {
        const q = line.indexOf('"', i);
        if (q < 0) throw new Error('unterminated quoted field');
        value += line.slice(i, q);
        if (line[q + 1] === '"') {
          value += '"';
          i = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      out.push(value);
      if (i === line.length) return out;
      if (line[i] !== ',') throw new Error('text after a quoted field');
      i++;
    } else {
      const comma = line.indexOf(',', i);
      if (comma < 0) {
        out.push(line.slice(i));
        return out;
      }
      out.push(line.slice(i, comma));
      i = comma + 1;
    }
  }
}

/** The chained fields of a row read back from a line (its other fields are checked by rebuilding the line). */
export function chainedOf(format: ExportFormat, line: string): ChainedEvent {
  const values: Record<string, unknown> = (() => {
    if (format === 'jsonl') return JSON.parse(line) as Record<string, unknown>;
    const fields = parseCsvLine(line);
    if (fields.length !== COLUMNS.length) throw new Error(`${fields.length} fields instead of ${COLUMNS.length}`);
    return Object.fromEntries(COLUMNS.map((c, i) => [c, fields[i]]));
  })();
  const position = Number(values.position);
  if (!Number.isInteger(position) || position < 1) throw new Error('no position');
  return {
    streamId: String(values.stream_id ?? ''),
    position,
    eventId: String(values.event_id ?? ''),
    type: String(values.type ?? ''),
    data: String(values.data ?? ''),
    metadata: String(values.metadata ?? ''),
    previousHash: String(values.previous_hash ?? ''),
    hash: String(values.hash ?? ''),
  };
}
