import type { ApiAnswer, ApiBody, Item } from '../../lib/api-contract';
import { toCsv } from '../../lib/download';

export type RateCards = ApiAnswer<'/api/admin/rate-cards'>;
export type RateCardVersion = Item<RateCards['versions']>;
export type RateCardEntry = Item<RateCardVersion['entries']>;
export type Backtest = ApiAnswer<'/api/admin/rate-cards/backtest', 'post'>;
export type BacktestRow = Item<Backtest['orgs']>;
export type PublishInput = ApiBody<'/api/admin/rate-cards', 'post'>;

/** A decimal as written, never rounded nor in exponent form: 0.000003 -> '0.000003', 1e-9 -> '0.000000001'. */
export function exactDecimal(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = value.toFixed(12);
  return fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
}

/** One meter of the form: its price kept as typed (a decimal text, checked by the server). */
export interface DraftRow {
  meter: string;
  unit: string;
  description: string;
  price: string;
}

export const emptyRow = (): DraftRow => ({ meter: '', unit: 'unit', description: '', price: '' });

export const rowsOf = (version: RateCardVersion | null | undefined): DraftRow[] =>
  version?.entries.length ? version.entries.map((e) => ({ meter: e.meter, unit: e.unit, description: e.description, price: exactDecimal(e.creditsPerUnit) })) : [emptyRow()];

/**
 * The entries a draft stands for, or what is wrong with it in words. Blank rows are left out; a
 * price must be a plain decimal (the server says whether it is in range and has too many decimals).
 */
export function entriesOf(rows: readonly DraftRow[]): { entries: RateCardEntry[] } | { error: string } {
  const filled = rows.filter((r) => r.meter.trim() || r.price.trim());
  if (filled.length === 0) return { error: 'Add at least one meter with its price.' };
  const entries: RateCardEntry[] = [];
  for (const r of filled) {
    const meter = r.meter.trim();
    if (!meter) return { error: `The price ${r.price.trim()} has no meter.` };
    const price = r.price.trim();
    if (!/^\d+(\.\d+)?$/.test(price)) return { error: `The price of ${meter} must be a number of credits, like 0.003.` };
    entries.push({ meter, unit: r.unit.trim() || 'unit', description: r.description.trim(), creditsPerUnit: Number(price) });
  }
  return { entries };
}

/** The backtest's rows as CSV (what the table shows, exact decimals). */
export const backtestCsv = (rows: readonly BacktestRow[]): string =>
  toCsv(
    ['organization_id', 'organization', 'events', 'charged', 'draft', 'difference', 'unpriced_events'],
    rows.map((r) => [r.orgId, r.name, r.events, exactDecimal(r.charged), exactDecimal(r.draft), exactDecimal(r.difference), r.unpriced]),
  );
