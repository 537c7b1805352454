import { describe, expect, it } from 'vitest';
import { monthsLater } from './calendar.ts';

describe('a month later (UTC)', () => {
  it('keeps the day of the month and the time', () => {
    expect(monthsLater('2026-11-15T10:30:00.000Z', 1)).toBe('2026-12-15T10:30:00.000Z');
    expect(monthsLater('2026-12-01T00:00:00.000Z', 1)).toBe('2027-01-01T00:00:00.000Z');
  });

  it("ends on the next month's last day when it has fewer days, never in the month after", () => {
    expect(monthsLater('2027-01-31T08:00:00.000Z', 1)).toBe('2027-02-28T08:00:00.000Z');
    expect(monthsLater('2028-01-31T08:00:00.000Z', 1)).toBe('2028-02-29T08:00:00.000Z');
    expect(monthsLater('2026-03-31T23:59:59.999Z', 1)).toBe('2026-04-30T23:59:59.999Z');
    expect(monthsLater('2026-08-31T12:00:00.000Z', 1)).toBe('2026-09-30T12:00:00.000Z');
  });

  it('counts several months and across years', () => {
    expect(monthsLater('2026-10-31T00:00:00.000Z', 4)).toBe('2027-02-28T00:00:00.000Z');
    expect(monthsLater('2026-05-20T00:00:00.000Z', 12)).toBe('2027-05-20T00:00:00.000Z');
  });
});
