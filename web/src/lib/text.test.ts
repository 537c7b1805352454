import { describe, expect, it } from 'vitest';
import { capitalizeFirst, capitalizeWords } from './text';

describe('capitalizeFirst', () => {
  it('upper-cases only the first letter', () => {
    expect(capitalizeFirst('hello world')).toBe('Hello world');
    expect(capitalizeFirst('')).toBe('');
    expect(capitalizeFirst('éclair')).toBe('Éclair');
  });
});

describe('capitalizeWords', () => {
  it('upper-cases the first letter of each word and keeps the spacing', () => {
    expect(capitalizeWords('scenario simulation')).toBe('Scenario Simulation');
    expect(capitalizeWords('  two   spaces')).toBe('  Two   Spaces');
    expect(capitalizeWords('already Done')).toBe('Already Done');
  });
});
