/**
 * The one format of numbers, money and dates in the app (en-US): thousands separators, money with
 * two decimals, dates as YYYY-MM-DD and moments with their time and time zone, in the viewer's zone.
 */
const locale = 'en-US';
const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
const twoDecimals = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 1234567 -> '1,234,567'; fractions keep up to two decimals. */
export const formatNumber = (value: number): string => (Number.isInteger(value) ? integer : decimal).format(value);

const exact = new Intl.NumberFormat(locale, { maximumFractionDigits: 12 });

/** A decimal shown exactly (prices, metered credits): 0.000003 -> '0.000003', 1234.5 -> '1,234.5'; never in exponent form. */
export const formatExact = (value: number): string => exact.format(value);

/**
 * A count of something, its number as formatExact writes it: '1 credit', '1,250 credits', '0.5 credits'.
 * Only a plain lowercase word takes an 's': a meter's unit as an admin wrote it ('GB', 'kWh', 'calls')
 * is kept as it is.
 */
export const plural = (n: number, unit: string): string => `${formatExact(n)} ${unit}${n === 1 || !/^[a-z]+$/.test(unit) || unit.endsWith('s') ? '' : 's'}`;

/** Dollars (a plan's price): 1234.5 -> '$1,234.50'. */
export const formatUsd = (dollars: number): string => `${dollars < 0 ? '-' : ''}$${twoDecimals.format(Math.abs(dollars))}`;

/** Cents of a currency (spec section 9): '$' for usd, the code after the amount otherwise. */
export function formatMoney(cents: number | null | undefined, currency: string | null | undefined): string {
  if (cents === null || cents === undefined) return '';
  const code = (currency ?? '').toLowerCase();
  if (code === 'usd') return formatUsd(cents / 100);
  return `${cents < 0 ? '-' : ''}${twoDecimals.format(Math.abs(cents) / 100)} ${code.toUpperCase()}`.trim();
}

export interface DateOptions {
  /** The zone to show (default: the viewer's). */
  timeZone?: string;
  /** With seconds, where events follow each other closely (history, webhooks). */
  seconds?: boolean;
}

const parts = (iso: string | Date, options: Intl.DateTimeFormatOptions) => {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const found: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat(locale, { ...options, hourCycle: 'h23' }).formatToParts(date)) found[part.type] = part.value;
  return found;
};

/** A calendar day as the API writes one (a chart's UTC day): no moment, so no zone to move it to. */
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A day: '2026-11-23'. A moment is shown as its day in the viewer's zone (a renewal date); a calendar day
 * ('2026-11-23', as the usage charts' UTC days come) is that day in every zone: read as a moment it
 * would be UTC midnight, the day before west of UTC.
 */
export function formatDate(iso: string | Date | null | undefined, { timeZone }: DateOptions = {}): string {
  if (!iso) return '';
  if (typeof iso === 'string' && CALENDAR_DAY.test(iso)) return iso;
  const p = parts(iso, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}

/**
 * A moment, the one format of every table: '2026-11-23 14:05 UTC' (24-hour, the viewer's zone,
 * named); with `seconds`, '2026-11-23 14:05:09 UTC'.
 */
export function formatDateTime(iso: string | Date | null | undefined, { timeZone, seconds = false }: DateOptions = {}): string {
  if (!iso) return '';
  const p = parts(iso, { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), timeZoneName: 'short' });
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}${seconds ? `:${p.second}` : ''} ${p.timeZoneName}` : '';
}

/** The viewer's time zone as formatDateTime names it ('UTC', 'EST'). */
export function viewerZoneName(at: Date = new Date()): string {
  return parts(at, { timeZoneName: 'short' })?.timeZoneName ?? '';
}

/** The first eight characters of an id, for a column that also shows the whole id on hover. */
export const shortId = (id: string): string => (id.length > 8 ? `${id.slice(0, 8)}…` : id);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long until a moment, for credits that expire: 'expires in 6 days' (rounded to the nearest unit;
 * hours under a day, minutes under an hour), 'expired' once it has passed, 'never expires' for null.
 */
export function formatExpiresIn(iso: string | null | undefined, now: Date | number = Date.now()): string {
  if (iso === null || iso === undefined) return 'never expires';
  const left = Date.parse(iso) - (now instanceof Date ? now.getTime() : now);
  if (Number.isNaN(left)) return '';
  if (left <= 0) return 'expired';
  const minutes = Math.max(1, Math.round(left / MINUTE));
  if (minutes < 60) return `expires in ${plural(minutes, 'minute')}`;
  const hours = Math.round(left / HOUR);
  if (hours < 24) return `expires in ${plural(hours, 'hour')}`;
  return `expires in ${plural(Math.round(left / DAY), 'day')}`;
}

/** A file's size for people: 900 B, 12 KB, 4.2 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
