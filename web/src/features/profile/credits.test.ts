import { describe, expect, it } from 'vitest';
import { runway, soonestExpiry, sourceLabel } from './credits';

describe('soonestExpiry', () => {
  it('gives the credits left in the lot that expires first, adding lots that expire at the same moment', () => {
    const lots = [
      { remaining: 100, expiresAt: null },
      { remaining: 40, expiresAt: '2026-12-01T00:00:00.000Z' },
      { remaining: 25, expiresAt: '2026-11-30T00:00:00.000Z' },
      { remaining: 5, expiresAt: '2026-11-30T00:00:00.000Z' },
    ];
    expect(soonestExpiry(lots)).toEqual({ credits: 30, expiresAt: '2026-11-30T00:00:00.000Z' });
  });

  it('is null when no lot with credits left expires', () => {
    expect(soonestExpiry([{ remaining: 10, expiresAt: null }])).toBeNull();
    expect(soonestExpiry([{ remaining: 0, expiresAt: '2026-11-30T00:00:00.000Z' }])).toBeNull();
    expect(soonestExpiry([])).toBeNull();
  });
});

describe('sourceLabel', () => {
  it('names every source in words', () => {
    expect(sourceLabel('plan_monthly')).toBe('Monthly plan credits');
    expect(sourceLabel('promo')).toBe('Promotion');
    expect(sourceLabel('manual')).toBe('Added by an administrator');
  });
});

describe('runway', () => {
  const day = (d: number, used: number, granted = 0) => ({ day: `2026-11-${String(d).padStart(2, '0')}`, used, granted });

  it('divides the available credits by the credits used a day since the first day with any use or grant', () => {
    // Nothing until the 21st, a grant then, 30 used over the 10 days from the 21st to the 30th: 3 a day.
    const days = Array.from({ length: 12 }, (_, i) => day(19 + i, i + 19 === 25 ? 12 : i + 19 === 30 ? 18 : 0, i + 19 === 21 ? 100 : 0));
    expect(runway(days, 60)).toEqual({ perDay: 3, overDays: 10, daysLeft: 20, until: '2026-12-20' });
  });

  it('counts the days up to today even when today used nothing, and rounds the days left down', () => {
    const days = [day(27, 20), day(28, 0), day(29, 0), day(30, 0)];
    expect(runway(days, 19)).toEqual({ perDay: 5, overDays: 4, daysLeft: 3, until: '2026-12-03' });
    expect(runway(days, 4)).toMatchObject({ daysLeft: 0, until: '2026-11-30' });
  });

  it('is null without credits used or available', () => {
    expect(runway([day(29, 0, 50), day(30, 0)], 50)).toBeNull();
    expect(runway([day(30, 5)], 0)).toBeNull();
    expect(runway([], 10)).toBeNull();
  });
});
