import { formatScaled, toMicros } from '../platform/decimal.ts';
import type { RateCardEntry, RateCardVersion } from './events.ts';

/**
 * The board's price table as it was kept before the rate card (`PriceTableSet` on `board-prices`:
 * credits per 1,000 tokens per model and a default). Read as version 0 of the rate card while no
 * version is published; nothing stored is rewritten.
 */
export const LEGACY_PRICE_STREAM = 'board-prices';

interface ModelPrice {
  inputPer1k: number;
  outputPer1k: number;
}
export interface LegacyPriceTable {
  defaultPrice: ModelPrice;
  models: Record<string, ModelPrice>;
  at: string;
}

/** The meters of a model's tokens; `default` prices any model the rate card does not name. */
export const llmMeter = (model: string, kind: 'input' | 'output') => `llm.${model}.${kind}_tokens`;
export const LLM_DEFAULT_MODEL = 'default';
/** A model's token meter: the model's name, then `input` or `output`. */
export const LLM_METER = /^llm\.(.+)\.(input|output)_tokens$/;

/** Credits per token from credits per 1,000 tokens (exact: 3 decimals per 1,000 are 6 per token). */
export const perToken = (per1k: number) => Number(formatScaled(toMicros(per1k) ?? 0n, 9));

export function llmEntries(model: string, price: ModelPrice): RateCardEntry[] {
  const what = model === LLM_DEFAULT_MODEL ? 'any other model' : model;
  return [
    { meter: llmMeter(model, 'input'), unit: 'token', description: `Input tokens of ${what}`, creditsPerUnit: perToken(price.inputPer1k) },
    { meter: llmMeter(model, 'output'), unit: 'token', description: `Output tokens of ${what}`, creditsPerUnit: perToken(price.outputPer1k) },
  ];
}

export function legacyVersion(table: LegacyPriceTable): RateCardVersion {
  const entries = [llmEntries(LLM_DEFAULT_MODEL, table.defaultPrice), ...Object.entries(table.models).map(([m, p]) => llmEntries(m, p))].flat();
  return { version: 0, effectiveFrom: new Date(0).toISOString(), entries, publishedAt: table.at, publishedBy: null };
}
