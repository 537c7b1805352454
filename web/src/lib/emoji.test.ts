import { describe, expect, it } from 'vitest';
import { emoji } from './emoji';

describe('emoji constants', () => {
  it('are grouped as the spec lists them', () => {
    expect(Object.keys(emoji)).toEqual([
      'status',
      'action',
      'tags',
      'arrows',
      'security',
      'organizations',
      'people',
      'financial',
      'elements',
    ]);
  });

  it('hold one non-empty symbol per name', () => {
    for (const group of Object.values(emoji)) {
      for (const symbol of Object.values(group)) expect(symbol.trim().length).toBeGreaterThan(0);
    }
  });
});
