/**
 * Exact decimals for prices and quantities: at most 6 decimals each, held as integers of millionths
 * (`bigint`), so a cost (price × quantity) is an exact integer of 10⁻¹² credits ("picocredits").
 * Nothing here uses floating point arithmetic.
 */
export const DECIMALS = 6;
export const MICRO = 10n ** 6n;
/** One credit in picocredits. */
export const PICO = 10n ** 12n;

/** A number with at most 6 decimals as millionths, or null (NaN, ±∞, more decimals, beyond 10¹⁵). */
export function toMicros(value: number): bigint | null {
  if (!Number.isFinite(value) || Math.abs(value) > 1e15) return null;
  // A whole number (a count of tokens, calls) is exact as it is: no text to read.
  if (Number.isInteger(value)) return BigInt(value) * MICRO;
  const text = value.toString();
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = '', exp] = match;
  let digits = whole + fraction;
  let scale = fraction.length - (exp ? Number(exp) : 0);
  if (scale < 0) {
    digits += '0'.repeat(-scale);
    scale = 0;
  }
  if (scale > DECIMALS) {
    const cut = digits.slice(digits.length - (scale - DECIMALS));
    if (/[^0]/.test(cut)) return null;
    digits = digits.slice(0, digits.length - (scale - DECIMALS));
    scale = DECIMALS;
  }
  const micros = BigInt(digits || '0') * 10n ** BigInt(DECIMALS - scale);
  return sign ? -micros : micros;
}

/** An exact decimal string of `value` units of 10^-scale: `formatScaled(3000n, 6)` → "0.003". */
export function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Parses what `formatScaled` wrote (or any plain decimal string with at most `scale` decimals). */
export function parseScaled(text: string, scale: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match || (match[3] ?? '').length > scale) throw new RangeError(`not a decimal with at most ${scale} decimals: ${text}`);
  const value = BigInt(match[2] + (match[3] ?? '').padEnd(scale, '0'));
  return match[1] ? -value : value;
}

export const formatPico = (value: bigint) => formatScaled(value, 12);
export const parsePico = (text: string) => parseScaled(text, 12);

/** Picocredits as a number of credits (for answers and charts; sums are made on the bigints). */
export const picoToNumber = (value: bigint) => Number(formatPico(value));
