import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { actualCost, DEFAULT_PRICE, maxCost, priceFor, priceProblem, type ModelPrice } from './pricing.ts';

const price = (inputPer1k: number, outputPer1k: number): ModelPrice => ({ inputPer1k, outputPer1k });

describe('actualCost', () => {
  it('prices input and output per 1,000 tokens and rounds up to the next whole credit', () => {
    expect(actualCost(price(1, 3), 1000, 1000)).toBe(4);
    expect(actualCost(price(1, 3), 1001, 1000)).toBe(5);
    expect(actualCost(price(2, 4), 1500, 250)).toBe(4);
  });

  it('charges at least 1 credit, even for a call of no tokens', () => {
    expect(actualCost(price(0.001, 0.001), 1, 1)).toBe(1);
    expect(actualCost(price(1, 3), 0, 0)).toBe(1);
  });

  it('sums decimal prices exactly where floating point would round up a credit too many', () => {
    // 10,000 × 0.3 is 3000.0000000000005 in floating point: a naive ceil would say 4.
    expect(actualCost(price(0.3, 0), 10_000, 0)).toBe(3);
    expect(actualCost(price(0.1, 0.2), 10_000, 10_000)).toBe(3);
  });

  it('refuses token counts that are not whole and non-negative', () => {
    expect(() => actualCost(DEFAULT_PRICE, -1, 0)).toThrow(RangeError);
    expect(() => actualCost(DEFAULT_PRICE, 1.5, 0)).toThrow(RangeError);
    expect(() => actualCost(DEFAULT_PRICE, 0, Number.NaN)).toThrow(RangeError);
  });

  it('is never below the exact cost and less than a credit above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (inMilli, outMilli, tokensIn, tokensOut) => {
          const cost = actualCost(price(inMilli / 1000, outMilli / 1000), tokensIn, tokensOut);
          const exactMillionths = tokensIn * inMilli + tokensOut * outMilli;
          expect(cost * 1_000_000).toBeGreaterThanOrEqual(exactMillionths);
          expect(cost).toBeGreaterThanOrEqual(1);
          if (exactMillionths > 0) expect((cost - 1) * 1_000_000).toBeLessThan(exactMillionths);
        },
      ),
    );
  });
});

describe('maxCost', () => {
  it('covers any usage within the estimate and the output budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 8_192 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (estimatedIn, maxTokens, inShare, outShare) => {
          const p = price(2.5, 10);
          const hold = maxCost(p, estimatedIn, maxTokens);
          const used = actualCost(p, Math.floor((estimatedIn * inShare) / 1000), Math.floor((maxTokens * outShare) / 1000));
          expect(used).toBeLessThanOrEqual(hold);
        },
      ),
    );
  });

  it('holds for the whole output budget', () => {
    expect(maxCost(price(1, 3), 400, 1024)).toBe(Math.ceil((400 + 3 * 1024) / 1000));
    expect(maxCost(price(1, 3), 400, 1024)).toBeGreaterThan(actualCost(price(1, 3), 400, 10));
  });
});

describe('priceFor', () => {
  const table = { 'gpt-4o': price(1, 4), 'Llama3.1:8b': price(0.1, 0.1) };

  it('finds a model by its name in any case and falls back to the default for unknown models', () => {
    expect(priceFor('gpt-4o', table)).toEqual(price(1, 4));
    expect(priceFor('llama3.1:8B', table)).toEqual(price(0.1, 0.1));
    expect(priceFor('mystery-model', table)).toBe(DEFAULT_PRICE);
    expect(priceFor('toString', table)).toBe(DEFAULT_PRICE);
  });

  it('has a default that is never zero', () => {
    expect(priceProblem(DEFAULT_PRICE)).toBeNull();
    expect(actualCost(DEFAULT_PRICE, 1_000_000, 0)).toBeGreaterThan(1);
    expect(actualCost(DEFAULT_PRICE, 0, 1_000_000)).toBeGreaterThan(1);
  });
});

describe('priceProblem', () => {
  it('accepts prices to a thousandth of a credit and refuses zero, negative, finer or absurd prices', () => {
    expect(priceProblem(price(0.125, 0))).toBeNull();
    expect(priceProblem(price(0, 0))).toMatch(/cannot be zero/);
    expect(priceProblem(price(-1, 1))).toMatch(/inputPer1k/);
    expect(priceProblem(price(1, 0.0001))).toMatch(/outputPer1k/);
    expect(priceProblem(price(1, Number.POSITIVE_INFINITY))).toMatch(/outputPer1k/);
    expect(priceProblem(price(2_000_000, 1))).toMatch(/inputPer1k/);
    expect(() => actualCost(price(0, 0), 10, 10)).toThrow(/cannot be zero/);
  });
});
