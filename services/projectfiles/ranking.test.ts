import { describe, expect, it } from 'vitest';
import { bestChunks, bm25, chunkText, terms } from './ranking.ts';

describe('chunkText', () => {
  it('keeps paragraphs together up to the size, splits long ones at sentences, and loses no text', () => {
    const text = ['Short one.', 'x'.repeat(50), `${'Sentence one is here. '.repeat(10)}`].join('\n\n');
    const chunks = chunkText(text, 100);
    expect(chunks.every((c) => c.length <= 100)).toBe(true);
    expect(chunks[0]).toContain('Short one.');
    expect(chunks.join(' ').replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
    expect(chunkText('a'.repeat(250), 100).map((c) => c.length)).toEqual([100, 100, 50]);
  });
});

describe('bm25', () => {
  it('ranks the passage about the question first, a rarer term above a common one, and scores 0 without a shared term', () => {
    const docs = [
      'Our churn rate rose to 4% after the price change in March.',
      'The office moved to a new building with more desks.',
      'Pricing: the basic plan costs 20 euros, the premium plan 45 euros. Churn is stable.',
    ];
    const scores = bm25('Why did churn rise after the price change?', docs);
    expect(scores[0]).toBeGreaterThan(scores[2]);
    expect(scores[1]).toBe(0);
    expect(bm25('premium churn', docs)[2]).toBeGreaterThan(bm25('premium churn', docs)[0]);
    expect(terms('The CHURN, of our café!')).toEqual(['churn', 'café']);
  });

  it('prefers the shorter of two passages with the same matches (length normalised)', () => {
    const [short, long] = bm25('margin', ['margin fell', `margin fell ${'and other things happened '.repeat(20)}`]);
    expect(short).toBeGreaterThan(long);
  });
});

describe('bestChunks', () => {
  it('takes only relevant chunks, the best first, within the count and the character budget', () => {
    const chunk = (ord: number, text: string) => ({ fileId: 'f', name: 'plan.md', ord, text });
    const chunks = [chunk(0, 'office desks chairs'), chunk(1, 'churn churn pricing'), chunk(2, 'pricing tiers'), chunk(3, 'churn once')];
    const best = bestChunks('churn pricing', chunks).map((c) => c.ord);
    expect(best[0]).toBe(1);
    expect([...best].sort()).toEqual([1, 2, 3]);
    expect(bestChunks('churn pricing', chunks, 2)).toHaveLength(2);
    expect(bestChunks('churn pricing', chunks, 4, 25).map((c) => c.ord)).toEqual([1]);
    expect(bestChunks('weather', chunks)).toEqual([]);
  });
});
