import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPico, parsePico, PICO, toMicros } from '../platform/decimal.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { initialCreditState, type CreditStreamState } from './events.ts';
import type { PricedUsage } from './usage-events.ts';

const orgId = 'o1';
const at = '2026-01-01T00:00:00.000Z';
const withCredits = (amount: number): CreditStreamState =>
  decideCredits(
    { type: 'GrantCredits', data: { orgId, lotId: 'l1', amount, source: 'purchase', kind: 'purchase', description: 'lot', at } },
    { ...initialCreditState(), exists: true, active: true },
  ).state;

/** A meter's price in millionths of a credit per unit, and a quantity in millionths: cost in 10⁻¹² credits. */
const item = (n: number, meter: string, priceMicros: bigint, quantityMicros: bigint): PricedUsage => ({
  id: `e${n}`,
  meter,
  quantity: Number(quantityMicros) / 1e6,
  credits: formatPico(priceMicros * quantityMicros),
  version: 1,
  timestamp: at,
  projectId: null,
});
const record = (items: PricedUsage[], n: number): CreditCommand => ({ type: 'RecordUsage', data: { orgId, usageId: `u${n}`, items, userId: null, at } });
const debitedBy = (state: CreditStreamState, command: CreditCommand) => {
  const { events, state: next } = decideCredits(command, state);
  return { next, debited: events.reduce((n, e) => (e.type === 'CreditsDebited' ? n + e.data.amount : n), 0), events };
};

describe('metered usage: no credit lost to rounding', () => {
  it('debits, for any sequence of batches, each meter’s exact total rounded down, and carries the rest as pending (property)', () => {
    const meters = [
      { meter: 'llm.x.output_tokens', price: 3_000n }, // 0.003 credits a token
      { meter: 'api.call', price: 700_000n }, // 0.7 credits a call
      { meter: 'minutes', price: 1_234_567n }, // 1.234567 credits a minute
    ];
    const event = fc.record({ meter: fc.integer({ min: 0, max: meters.length - 1 }), quantity: fc.bigInt({ min: 1n, max: 5_000_000_000n }) });
    fc.assert(
      fc.property(fc.array(fc.array(event, { minLength: 1, maxLength: 20 }), { minLength: 1, maxLength: 15 }), (batches) => {
        let state = withCredits(1_000_000_000);
        const exact = new Map<string, bigint>();
        let debited = 0;
        let n = 0;
        for (const batch of batches) {
          const items = batch.map((e) => {
            const { meter, price } = meters[e.meter];
            exact.set(meter, (exact.get(meter) ?? 0n) + price * e.quantity);
            return item(n++, meter, price, e.quantity);
          });
          const out = debitedBy(state, record(items, n));
          state = out.next;
          debited += out.debited;
        }
        let floors = 0n;
        for (const [meter, total] of exact) {
          floors += total / PICO;
          expect(parsePico(state.usageRemainders[meter] ?? '0')).toBe(total % PICO);
        }
        expect(BigInt(debited)).toBe(floors);
        expect(state.balance).toBe(1_000_000_000 - debited);
        const everything = [...exact.values()].reduce((a, b) => a + b, 0n);
        expect(BigInt(debited) <= everything / PICO).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('accepts events in order until the whole credits would exceed what is available, and refuses the rest', () => {
    const state = withCredits(2);
    const items = [1, 2, 3, 4, 5].map((n) => item(n, 'api.call', 700_000n, 1_000_000n)); // 0.7 each: 0.7, 1.4, 2.1, 2.8, 3.5
    const { next, debited, events } = debitedBy(state, record(items, 1));
    const recorded = events.find((e) => e.type === 'UsageRecorded');
    expect(recorded?.type === 'UsageRecorded' && recorded.data.items.map((i) => i.id)).toEqual(['e1', 'e2', 'e3', 'e4']);
    expect(recorded?.type === 'UsageRecorded' && recorded.data.refused).toEqual({ count: 1, reason: 'insufficient_credits' });
    expect(debited).toBe(2);
    expect(next.usageRemainders['api.call']).toBe('0.8');
  });

  it('reads prices and quantities as exact decimals', () => {
    expect(toMicros(0.003)).toBe(3_000n);
    expect(toMicros(1e-6)).toBe(1n);
    expect(toMicros(1e-7)).toBeNull();
    expect(toMicros(0.1 + 0.2)).toBeNull();
    expect(toMicros(Number.POSITIVE_INFINITY)).toBeNull();
    expect(toMicros(123456.5)).toBe(123_456_500_000n);
    expect([toMicros(42), toMicros(-3), toMicros(-0), toMicros(1e15), toMicros(1e15 + 2)]).toEqual([42_000_000n, -3_000_000n, 0n, 10n ** 21n, null]);
    expect(formatPico(3_000n * 1_500_000n)).toBe('0.0045');
  });
});
