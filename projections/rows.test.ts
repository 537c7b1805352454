import { describe, expect, it } from 'vitest';
import { copyText } from './rows.ts';

describe("COPY's text format", () => {
  it('writes null as \\N, objects as JSON, dates as ISO, and escapes backslash, tab, newline and carriage return', () => {
    expect(copyText(null)).toBe('\\N');
    expect(copyText(undefined)).toBe('\\N');
    expect(copyText(12)).toBe('12');
    expect(copyText(true)).toBe('true');
    expect(copyText(new Date('2026-11-28T01:02:03.004Z'))).toBe('2026-11-28T01:02:03.004Z');
    expect(copyText([{ lotId: 'a', amount: 1 }])).toBe('[{"lotId":"a","amount":1}]');
    expect(copyText('a\\b\tc\nd\re')).toBe('a\\\\b\\tc\\nd\\re');
    expect(copyText({ text: 'line\nbreak' })).toBe('{"text":"line\\\\nbreak"}');
    expect(copyText('\\N')).toBe('\\\\N');
  });
});
