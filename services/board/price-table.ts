import type { Decider } from '../eventstore/decider.ts';
import type { DomainEvent } from '../eventstore/types.ts';
import { ValidationError } from '../platform/errors.ts';
import { DEFAULT_PRICE, priceProblem, type ModelPrice } from './pricing.ts';

/** The admins' price table: credits per 1,000 tokens for each model, and the price of any other model. */
export interface PriceTable {
  defaultPrice: ModelPrice;
  models: Record<string, ModelPrice>;
}

export type PriceTableSet = DomainEvent<'PriceTableSet', PriceTable & { at: string }>;
export type PriceTableEvent = PriceTableSet;
export type SetPriceTable = { type: 'SetPriceTable'; data: PriceTable & { at: string } };

export const PRICE_TABLE_STREAM = 'board-prices';

export const initialPriceTable = (): PriceTable => ({ defaultPrice: DEFAULT_PRICE, models: {} });

function setPriceTable({ data }: SetPriceTable, state: PriceTable): PriceTableEvent[] {
  const problem = priceProblem(data.defaultPrice);
  if (problem) throw new ValidationError(`defaultPrice: ${problem}`, 'defaultPrice');
  for (const [model, price] of Object.entries(data.models)) {
    const bad = priceProblem(price);
    if (bad) throw new ValidationError(`models: ${model}: ${bad}`, 'models');
  }
  if (JSON.stringify({ d: state.defaultPrice, m: state.models }) === JSON.stringify({ d: data.defaultPrice, m: data.models })) return [];
  return [{ type: 'PriceTableSet', data }];
}

export const priceTableDecider: Decider<SetPriceTable, PriceTableEvent, PriceTable> = {
  initialState: initialPriceTable,
  evolve: (_state, event) => ({ defaultPrice: event.data.defaultPrice, models: event.data.models }),
  decide: (command, state) => setPriceTable(command, state),
};
