import { describe, expect, it } from 'vitest';
import { splitTagText } from './tag-text';

describe('splitTagText', () => {
  it('trims each item and drops blanks and repeats', () => {
    expect(splitTagText(' growth ,  finance,,GROWTH , ')).toEqual(['growth', 'finance']);
    expect(splitTagText('single')).toEqual(['single']);
    expect(splitTagText(' , ')).toEqual([]);
  });
});
