/**
 * An array parameter written as Postgres's array literal (`{a,b,NULL}`), to be cast in the statement
 * (`$1::uuid[]`). node-postgres writes a JavaScript array itself by quoting and escaping every element
 * (three strings an element, joined one by one): the read models' batch arrays, a few hundred
 * thousand elements in a rebuild, made 260 MB of a rebuild's 1.9 GB of garbage that way
 * (2026-11-29, the bench's ledger). Here an element that needs no quotes (numbers, ids, times, plain
 * words) is written as it is, and only the others are quoted. A Buffer is a `bytea` element, in hex.
 */
export function arrayLiteral(values: readonly (string | number | boolean | Buffer | null | undefined)[]): string {
  return `{${values.map(element).join(',')}}`;
}

/** Characters an unquoted element may hold: none of the literal's own (`{},"\`), no space. */
const PLAIN = /^[\w.:+\-/@]+$/;

function element(value: string | number | boolean | Buffer | null | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  // `\x` and the hex digits, quoted, its backslash escaped.
  if (Buffer.isBuffer(value)) return `"\\\\x${value.toString('hex')}"`;
  if (typeof value !== 'string') return String(value);
  // An empty string and the word NULL (in any case) are elements only when quoted.
  if (PLAIN.test(value) && !(value.length === 4 && value.toUpperCase() === 'NULL')) return value;
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}
