import { describe, expect, it } from 'vitest';
import { soonestExpiry, sourceLabel } from './credits';

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
