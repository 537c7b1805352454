import { formatPico } from '../platform/decimal.ts';
import { formatCount } from '../platform/text.ts';

/**
 * What a model call costs in credits. Prices are credits per 1,000 tokens, in thousandths of a
 * credit at most (0.125 is a price, 0.0001 is not). A call is charged its tokens' exact price
 * (`meteredTokens`; the ledger carries each meter's fraction of a credit, as for usage events); the
 * hold taken before it is whole credits, rounded up, at least 1. Sums are exact, never floating point.
 */
export interface ModelPrice {
  inputPer1k: number;
  outputPer1k: number;
}

/** For a model the price table does not name. Never zero. */
export const DEFAULT_PRICE: ModelPrice = { inputPer1k: 1, outputPer1k: 3 };

export const MAX_PRICE_PER_1K = 1_000_000;

const milli = (price: number) => Math.round(price * 1000);

const validAmount = (price: number) =>
  Number.isFinite(price) && price >= 0 && price <= MAX_PRICE_PER_1K && Math.abs(price * 1000 - milli(price)) < 1e-6;

/** Why a price cannot be used, or null when it can: amounts 0..1,000,000 with 3 decimals at most, not both zero. */
export function priceProblem(price: ModelPrice): string | null {
  for (const field of ['inputPer1k', 'outputPer1k'] as const) {
    if (!validAmount(price[field])) return `${field}: a number of credits from 0 to ${formatCount(MAX_PRICE_PER_1K)} with at most 3 decimals`;
  }
  if (milli(price.inputPer1k) + milli(price.outputPer1k) === 0) return 'a price cannot be zero for both input and output';
  return null;
}

/** The table's name for the model (exact name, then any case), or null when it names no such model. */
export function modelKey(model: string, table: Readonly<Record<string, ModelPrice>>): string | null {
  if (Object.hasOwn(table, model)) return model;
  const lower = model.toLowerCase();
  return Object.keys(table).find((name) => name.toLowerCase() === lower) ?? null;
}

/** The model's price from the table (exact name, then any case), or the fallback. */
export function priceFor(model: string, table: Readonly<Record<string, ModelPrice>>, fallback: ModelPrice = DEFAULT_PRICE): ModelPrice {
  const key = modelKey(model, table);
  return key ? table[key] : fallback;
}

/** What a finished call consumed per meter: its tokens and their exact price (credits, a decimal string). */
export function meteredTokens(price: ModelPrice, tokensIn: number, tokensOut: number): { input: { quantity: number; credits: string }; output: { quantity: number; credits: string } } {
  // A price per 1,000 tokens in thousandths of a credit is a millionth of a credit per token: 10^6 picocredits.
  const exact = (n: number, per1k: number) => ({ quantity: n, credits: formatPico(tokens(n, 'tokens') * BigInt(milli(per1k)) * 1_000_000n) });
  return { input: exact(tokensIn, price.inputPer1k), output: exact(tokensOut, price.outputPer1k) };
}

function tokens(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a whole number of tokens, not ${value}`);
  return BigInt(value);
}

function credits(price: ModelPrice, tokensIn: number, tokensOut: number): number {
  const problem = priceProblem(price);
  if (problem) throw new RangeError(`Unusable price: ${problem}`);
  const thousandthsPer1k =
    tokens(tokensIn, 'input') * BigInt(milli(price.inputPer1k)) + tokens(tokensOut, 'output') * BigInt(milli(price.outputPer1k));
  const whole = (thousandthsPer1k + 999_999n) / 1_000_000n;
  return Math.max(1, Number(whole));
}

/**
 * The hold taken before a call: the most it can cost, with `maxTokens` of output. The input
 * tokens are estimated by the caller from what it will send (see llm/tokens.ts:
 * `estimateCallInputTokens`, one token per 3 UTF-8 bytes of the request's JSON, all rounds).
 */
export function maxCost(price: ModelPrice, estimatedInputTokens: number, maxTokens: number): number {
  return credits(price, estimatedInputTokens, maxTokens);
}
