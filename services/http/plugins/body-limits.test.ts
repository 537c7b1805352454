import { describe, expect, it } from 'vitest';
import { jsonDepth } from './body-limits.ts';

describe('jsonDepth', () => {
  it('counts nesting of arrays and objects, not brackets inside strings', () => {
    expect(jsonDepth('{"a": 1}')).toBe(1);
    expect(jsonDepth('[[1], {"b": [2]}]')).toBe(3);
    expect(jsonDepth('{"text": "[[[[{{{{"}')).toBe(1);
    expect(jsonDepth('{"text": "a \\" [[[ b"}')).toBe(1);
    expect(jsonDepth('"plain"')).toBe(0);
  });

  it('stops scanning once past the limit', () => {
    expect(jsonDepth('['.repeat(100_000), 32)).toBe(33);
  });
});
