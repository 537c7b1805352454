import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatExact, formatExpiresIn, formatMoney, formatNumber, formatUsd, plural, shortId } from './format';

describe('formatNumber', () => {
  it('separates thousands and keeps at most two decimals', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1200)).toBe('1,200');
    expect(formatNumber(-1234567)).toBe('-1,234,567');
    expect(formatNumber(1234.567)).toBe('1,234.57');
  });
});

describe('money', () => {
  it('shows dollars with two decimals and separators', () => {
    expect(formatUsd(20)).toBe('$20.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('shows cents as dollars for usd and with the code otherwise (spec section 9)', () => {
    expect(formatMoney(2000, 'usd')).toBe('$20.00');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(-499, 'usd')).toBe('-$4.99');
    expect(formatMoney(150000, 'eur')).toBe('1,500.00 EUR');
    expect(formatMoney(null, 'usd')).toBe('');
  });
});

describe('dates', () => {
  const at = '2026-11-23T23:30:05.000Z';

  it('shows a day as YYYY-MM-DD in the given zone', () => {
    expect(formatDate(at, { timeZone: 'UTC' })).toBe('2026-11-23');
    expect(formatDate(at, { timeZone: 'Asia/Tokyo' })).toBe('2026-11-24');
  });

  it('keeps a calendar day (the usage charts\' UTC days) the same day in every zone', () => {
    expect(formatDate('2026-11-02', { timeZone: 'America/New_York' })).toBe('2026-11-02');
    expect(formatDate('2026-11-02', { timeZone: 'Pacific/Kiritimati' })).toBe('2026-11-02');
  });

  it('shows a moment with its time and the name of its zone', () => {
    expect(formatDateTime(at, { timeZone: 'UTC' })).toBe('2026-11-23 23:30 UTC');
    expect(formatDateTime(at, { timeZone: 'America/New_York' })).toBe('2026-11-23 18:30 EST');
    expect(formatDateTime(at, { timeZone: 'UTC', seconds: true })).toBe('2026-11-23 23:30:05 UTC');
  });

  it('shows nothing for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('shortId', () => {
  it('cuts a long id to eight characters and leaves short ones', () => {
    expect(shortId('3f1c2a9e-0000-4000-8000-000000000000')).toBe('3f1c2a9e…');
    expect(shortId('42')).toBe('42');
  });
});

describe('formatExpiresIn', () => {
  const now = Date.parse('2026-11-23T12:00:00.000Z');
  const later = (ms: number) => new Date(now + ms).toISOString();
  const hour = 3_600_000;

  it('says in how many days, to the nearest day, from a day on', () => {
    expect(formatExpiresIn(later(6 * 24 * hour), now)).toBe('expires in 6 days');
    expect(formatExpiresIn(later(6 * 24 * hour - 1000), now)).toBe('expires in 6 days');
    expect(formatExpiresIn(later(24 * hour), now)).toBe('expires in 1 day');
    expect(formatExpiresIn(later(36 * hour + 1), new Date(now))).toBe('expires in 2 days');
  });

  it('says hours under a day and minutes under an hour', () => {
    expect(formatExpiresIn(later(5 * hour), now)).toBe('expires in 5 hours');
    expect(formatExpiresIn(later(hour), now)).toBe('expires in 1 hour');
    expect(formatExpiresIn(later(23.6 * hour), now)).toBe('expires in 1 day');
    expect(formatExpiresIn(later(15 * 60_000), now)).toBe('expires in 15 minutes');
    expect(formatExpiresIn(later(10_000), now)).toBe('expires in 1 minute');
  });

  it('says expired once the moment has passed, never expires for none, nothing for an unreadable date', () => {
    expect(formatExpiresIn(later(0), now)).toBe('expired');
    expect(formatExpiresIn(later(-hour), now)).toBe('expired');
    expect(formatExpiresIn(null, now)).toBe('never expires');
    expect(formatExpiresIn('soon', now)).toBe('');
  });
});

describe('formatExact', () => {
  it('shows every decimal a price or a metered cost has, with thousands separators, never in exponent form', () => {
    expect(formatExact(0.000003)).toBe('0.000003');
    expect(formatExact(1e-9)).toBe('0.000000001');
    expect(formatExact(1234.5)).toBe('1,234.5');
    expect(formatExact(0.1 + 0.2)).toBe('0.3');
  });
});

describe('plural', () => {
  it('counts one thing in the singular and writes every number as the other numbers are written', () => {
    expect(plural(1, 'event')).toBe('1 event');
    expect(plural(0, 'event')).toBe('0 events');
    expect(plural(1250, 'credit')).toBe('1,250 credits');
    expect(plural(0.003, 'credit')).toBe('0.003 credits');
    // A meter's unit is the admin's word: 'GB' and 'kWh' are not made 'GBs' or 'kWhs', nor 'calls' 'callss'.
    expect(plural(3, 'GB')).toBe('3 GB');
    expect(plural(2.5, 'kWh')).toBe('2.5 kWh');
    expect(plural(7, 'calls')).toBe('7 calls');
  });
});
