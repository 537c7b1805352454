/** Postgres stores neither a NUL character nor half of a UTF-16 surrogate pair in text or jsonb. */
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

/** Whether a value (keys included, nested up to 64 levels) holds text the database cannot store. */
export function unstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (depth > 64 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  for (const [key, inner] of Object.entries(value)) if (UNSTORABLE.test(key) || unstorable(inner, depth + 1)) return true;
  return false;
}

/** A copy whose strings (keys included) have every unstorable character replaced by U+FFFD. */
export function storable<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\uFFFD') as T;
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => storable(v, depth + 1)) as T;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    Object.defineProperty(out, storable(key), { value: storable(inner, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out as T;
}

const counts = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A number in a text a person reads (a refusal's message, a webhook's summary) as the web app writes it: 1234 -> '1,234'. */
export const formatCount = (value: number): string => counts.format(value);

const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents of a currency in a text a person reads, as the web app writes money: '$' for usd ('$1,234.50'), the code after the amount otherwise ('12.00 EUR'). */
export function formatMoney(cents: number, currency: string): string {
  const code = currency.toLowerCase();
  const sign = cents < 0 ? '-' : '';
  const amount = twoDecimals.format(Math.abs(cents) / 100);
  return code === 'usd' ? `${sign}$${amount}` : `${sign}${amount} ${code.toUpperCase()}`;
}
