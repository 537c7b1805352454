import { describe, expect, it } from 'vitest';
import { backtestCsv, entriesOf, exactDecimal, rowsOf } from './rate-card';

describe('rate card helpers', () => {
  it('shows decimals exactly, never in exponent form', () => {
    expect(exactDecimal(0.000003)).toBe('0.000003');
    expect(exactDecimal(1e-9)).toBe('0.000000001');
    expect(exactDecimal(1_000_000)).toBe('1000000');
    expect(exactDecimal(-2.5)).toBe('-2.5');
  });

  it('turns the form into entries, leaving blank rows out, and says what is wrong in words', () => {
    const row = (meter: string, price: string) => ({ meter, unit: '', description: ' d ', price });
    expect(entriesOf([row('api.call', '0.5'), row('', '')])).toEqual({ entries: [{ meter: 'api.call', unit: 'unit', description: 'd', creditsPerUnit: 0.5 }] });
    expect(entriesOf([row('', '')])).toEqual({ error: 'Add at least one meter with its price.' });
    expect(entriesOf([row('api.call', 'abc')])).toEqual({ error: 'The price of api.call must be a number of credits, like 0.003.' });
    expect(entriesOf([row('', '2')])).toEqual({ error: 'The price 2 has no meter.' });
  });

  it('starts the form from the version in force, or one empty row', () => {
    expect(rowsOf(null)).toEqual([{ meter: '', unit: 'unit', description: '', price: '' }]);
    const version = { version: 1, effectiveFrom: '', publishedAt: '', publishedBy: null, entries: [{ meter: 'm', unit: 'token', description: 'x', creditsPerUnit: 0.000003 }] };
    expect(rowsOf(version)).toEqual([{ meter: 'm', unit: 'token', description: 'x', price: '0.000003' }]);
  });

  it('writes the backtest rows as CSV, quoting names with commas', () => {
    const csv = backtestCsv([{ orgId: 'o1', name: 'Acme, Inc.', events: 3, charged: 13, draft: 16.000001, difference: 3.000001, unpriced: 1 }]);
    expect(csv).toBe('organization_id,organization,events,charged,draft,difference,unpriced_events\no1,"Acme, Inc.",3,13,16.000001,3.000001,1\n');
  });
});
