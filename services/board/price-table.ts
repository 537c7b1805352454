import { formatScaled, toMicros } from '../platform/decimal.ts';
import type { RateCardEntry, RateCardVersion } from '../ratecard/events.ts';
import { LLM_DEFAULT_MODEL, LLM_METER, llmEntries, llmMeter } from '../ratecard/legacy.ts';
import { DEFAULT_PRICE, modelKey, priceFor, priceProblem, type ModelPrice } from './pricing.ts';

/**
 * The board's prices are rate-card entries: `llm.<model>.input_tokens` and `output_tokens` (credits
 * per token), and `llm.default.*` for any other model. This is the board's view of them, in credits
 * per 1,000 tokens, and the entries a new table becomes.
 */
export interface PriceTable {
  defaultPrice: ModelPrice;
  models: Record<string, ModelPrice>;
}

const per1k = (perToken: number) => Number(formatScaled(toMicros(perToken) ?? 0n, 3));

/** The board's table in a rate-card version (none yet: the default price for every model). */
export function boardPrices(version: RateCardVersion | null): PriceTable {
  const found: Record<string, ModelPrice> = {};
  for (const entry of version?.entries ?? []) {
    const match = LLM_METER.exec(entry.meter);
    if (!match) continue;
    const price = (found[match[1]] ??= { inputPer1k: 0, outputPer1k: 0 });
    if (match[2] === 'input') price.inputPer1k = per1k(entry.creditsPerUnit);
    else price.outputPer1k = per1k(entry.creditsPerUnit);
  }
  const { [LLM_DEFAULT_MODEL]: fallback, ...models } = found;
  const usable = (p: ModelPrice | undefined) => (p && !priceProblem(p) ? p : undefined);
  return {
    defaultPrice: usable(fallback) ?? DEFAULT_PRICE,
    models: Object.fromEntries(Object.entries(models).filter(([, p]) => usable(p))),
  };
}

/** A version's entries with the board's table in place of its model prices (the other meters kept). */
export function withBoardPrices(version: RateCardVersion | null, table: PriceTable): RateCardEntry[] {
  const others = (version?.entries ?? []).filter((e) => !LLM_METER.test(e.meter));
  const models = Object.entries(table.models).flatMap(([model, price]) => llmEntries(model, price));
  return [...others, ...llmEntries(LLM_DEFAULT_MODEL, table.defaultPrice), ...models];
}

/** A model's price, and the rate-card meters it comes from (its own, or `llm.default.*`). */
export interface MeterPrice extends ModelPrice {
  meters: { input: string; output: string };
}

/** The price of a model's tokens from the table (exact name, then any case), else the default. */
export const modelPrice =
  (table: PriceTable) =>
  (model: string): MeterPrice => {
    const named = modelKey(model, table.models) ?? LLM_DEFAULT_MODEL;
    return { ...priceFor(model, table.models, table.defaultPrice), meters: { input: llmMeter(named, 'input'), output: llmMeter(named, 'output') } };
  };
