import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePico, PICO } from '../platform/decimal.ts';
import { DEFAULT_PRICE, maxCost, meteredTokens, priceFor, priceProblem, type ModelPrice } from './pricing.ts';

const price = (inputPer1k: number, outputPer1k: number): ModelPrice => ({ inputPer1k, outputPer1k });

/** A call's exact price in picocredits, as its capture is charged. */
const exactPico = (p: ModelPrice, tokensIn: number, tokensOut: number) => {
  const { input, output } = meteredTokens(p, tokensIn, tokensOut);
  return parsePico(input.credits) + parsePico(output.credits);
};

describe('meteredTokens', () => {
  it('prices input and output per 1,000 tokens, exactly', () => {
    expect(meteredTokens(price(1, 3), 1200, 300)).toEqual({ input: { quantity: 1200, credits: '1.2' }, output: { quantity: 300, credits: '0.9' } });
    expect(meteredTokens(price(0.001, 0.001), 1, 0)).toEqual({ input: { quantity: 1, credits: '0.000001' }, output: { quantity: 0, credits: '0' } });
  });

  it('sums decimal prices exactly where floating point would not', () => {
    // 10,000 × 0.3 is 3000.0000000000005 in floating point.
    expect(meteredTokens(price(0.3, 0), 10_000, 0).input.credits).toBe('3');
    expect(exactPico(price(0.1, 0.2), 10_000, 10_000)).toBe(3n * PICO);
  });

  it('refuses token counts that are not whole and non-negative', () => {
    expect(() => meteredTokens(DEFAULT_PRICE, -1, 0)).toThrow(RangeError);
    expect(() => meteredTokens(DEFAULT_PRICE, 1.5, 0)).toThrow(RangeError);
    expect(() => meteredTokens(DEFAULT_PRICE, 0, Number.NaN)).toThrow(RangeError);
  });
});

describe('maxCost', () => {
  it('holds whole credits: the exact price rounded up, at least 1', () => {
    expect(maxCost(price(1, 3), 1000, 1000)).toBe(4);
    expect(maxCost(price(1, 3), 1001, 1000)).toBe(5);
    expect(maxCost(price(0.3, 0), 10_000, 0)).toBe(3);
    expect(maxCost(price(0.001, 0.001), 1, 1)).toBe(1);
    expect(maxCost(price(1, 3), 0, 0)).toBe(1);
  });

  it('is never below the exact price and less than a credit above it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        (inMilli, outMilli, tokensIn, tokensOut) => {
          const p = price(inMilli / 1000, outMilli / 1000);
          const hold = BigInt(maxCost(p, tokensIn, tokensOut)) * PICO;
          const exact = exactPico(p, tokensIn, tokensOut);
          expect(hold).toBeGreaterThanOrEqual(exact);
          expect(hold).toBeGreaterThanOrEqual(PICO);
          if (exact > 0n) expect(hold - PICO).toBeLessThan(exact);
        },
      ),
    );
  });

  it('covers any usage within the estimate and the output budget', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 1, max: 8_192 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (estimatedIn, maxTokens, inShare, outShare) => {
          const p = price(2.5, 10);
          const used = exactPico(p, Math.floor((estimatedIn * inShare) / 1000), Math.floor((maxTokens * outShare) / 1000));
          expect(used).toBeLessThanOrEqual(BigInt(maxCost(p, estimatedIn, maxTokens)) * PICO);
        },
      ),
    );
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
    expect(exactPico(DEFAULT_PRICE, 1_000_000, 0)).toBeGreaterThan(PICO);
    expect(exactPico(DEFAULT_PRICE, 0, 1_000_000)).toBeGreaterThan(PICO);
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
    expect(() => maxCost(price(0, 0), 10, 10)).toThrow(/cannot be zero/);
  });
});
