import { describe, expect, it } from 'vitest';
import { isDay } from './days';

describe('isDay', () => {
  it('takes a real day written as the app writes days, and nothing else', () => {
    for (const day of ['2026-11-27', '2024-02-29', '2026-01-01']) expect(isDay(day), day).toBe(true);
    for (const text of ['', '2026-02-30', '2025-02-29', '2026-13-01', '11/27/2026', '2026-1-5', ' 2026-11-27', '2026-11-27T00:00']) expect(isDay(text), text).toBe(false);
  });
});
