import { describe, expect, it } from 'vitest';
import { formatCount, formatMoney } from './text.ts';

describe('numbers and money in texts people read', () => {
  it('writes counts with thousands separators and up to two decimals', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(0.5)).toBe('0.5');
  });

  it('writes cents as the web app writes money', () => {
    expect(formatMoney(123450, 'usd')).toBe('$1,234.50');
    expect(formatMoney(-1999, 'USD')).toBe('-$19.99');
    expect(formatMoney(1200, 'eur')).toBe('12.00 EUR');
  });
});
