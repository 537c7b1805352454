import { describe, expect, it } from 'vitest';
import { callCost } from './call-cost';

describe('callCost', () => {
  it("says a call's credits and its tokens in and out together, as the pages write numbers", () => {
    expect(callCost({ credits: 3, tokensIn: 1200, tokensOut: 300 })).toBe('3 credits · 1,500 tokens');
    expect(callCost({ credits: 1, tokensIn: 1, tokensOut: 0 })).toBe('1 credit · 1 token');
  });

  it("says a call's tokens that reached no whole credit are carried to the next call, not free", () => {
    expect(callCost({ credits: 0, tokensIn: 300, tokensOut: 100 })).toBe('0 credits · 400 tokens (under a credit: carried to the next call)');
  });

  it('says only the credits when the provider reported no tokens', () => {
    expect(callCost({ credits: 2, tokensIn: 0, tokensOut: 0 })).toBe('2 credits');
  });
});
