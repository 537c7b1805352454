import { describe, expect, it } from 'vitest';
import { balanceAfter, carriedAfter, creditChange, heldChange, ledgerSummary, localInputToIso, parseStreamId, usageLines } from './history';

describe('parseStreamId', () => {
  it('splits the kind from the id at the first dash only', () => {
    expect(parseStreamId('org-6f1c-22')).toEqual({ kind: 'org', id: '6f1c-22' });
    expect(parseStreamId('user-1')).toEqual({ kind: 'user', id: '1' });
    expect(parseStreamId('plain')).toEqual({ kind: '', id: 'plain' });
  });
});

describe('credit events', () => {
  it('show the balance after them; other events have none', () => {
    expect(balanceAfter({ type: 'CreditsDebited', data: { amount: 3, balanceAfter: 7 } })).toBe(7);
    expect(balanceAfter({ type: 'CreditsGranted', data: { amount: 10, balanceAfter: 0 } })).toBe(0);
    expect(balanceAfter({ type: 'OrganizationRenamed', data: { balanceAfter: 7 } })).toBeNull();
    expect(balanceAfter({ type: 'CreditsGranted', data: null })).toBeNull();
  });

  it('sign their amount: grants add, debits and revocations take away', () => {
    expect(creditChange({ type: 'CreditsGranted', data: { amount: 10 } })).toBe(10);
    expect(creditChange({ type: 'CreditsDebited', data: { amount: 3 } })).toBe(-3);
    expect(creditChange({ type: 'CreditsRevoked', data: { amount: 2 } })).toBe(-2);
    expect(creditChange({ type: 'PlanSubscribed', data: { amount: 2 } })).toBeNull();
  });
});

describe('the as-of input', () => {
  it('reads a local datetime, with or without seconds, as an ISO instant', () => {
    expect(localInputToIso('2024-03-05T14:07')).toBe(new Date(2024, 2, 5, 14, 7).toISOString());
    expect(localInputToIso('2024-03-05T14:07:33')).toBe(new Date(2024, 2, 5, 14, 7, 33).toISOString());
  });

  it('gives null for an empty or broken value', () => {
    expect(localInputToIso('')).toBeNull();
    expect(localInputToIso('not a date')).toBeNull();
  });
});

describe('lots and holds in the timeline', () => {
  it('count an expiry as a credit event that takes away', () => {
    expect(balanceAfter({ type: 'CreditsExpired', data: { amount: 25, balanceAfter: 10 } })).toBe(10);
    expect(creditChange({ type: 'CreditsExpired', data: { amount: 25 } })).toBe(-25);
    expect(balanceAfter({ type: 'HoldPlaced', data: { credits: 5 } })).toBeNull();
  });

  it('say which lot a grant created, from where, at what priority and until when', () => {
    const promo = ledgerSummary({
      type: 'CreditsGranted',
      data: { lotId: '3f1c2a9e-0000-4000-8000-000000000000', amount: 25, source: 'promo', priority: 5, expiresAt: '2026-12-01T10:00:00.000Z' },
    });
    expect(promo).toMatch(/^Lot 3f1c2a9e… of 25 credits · promotion · priority 5 · expires 2026-12-0\d \d\d:\d\d /);
    expect(ledgerSummary({ type: 'CreditsGranted', data: { lotId: 'a', amount: 1, source: 'purchase', priority: 10, expiresAt: null } })).toBe(
      'Lot a of 1 credit · purchase · priority 10 · never expires',
    );
    // Written before lots existed: no lot fields, a never-expiring lot.
    expect(ledgerSummary({ type: 'CreditsGranted', data: { amount: 40, kind: 'purchase' } })).toBe('Lot of 40 credits · granted before lots · never expires');
  });

  it('say what an expiry took and what each hold event did to what is held', () => {
    const holdId = '9a9a9a9a-0000-4000-8000-000000000000';
    expect(ledgerSummary({ type: 'CreditsExpired', data: { lotId: 'lot-1', amount: 25 } })).toBe('25 credits of lot lot-1 expired');
    expect(ledgerSummary({ type: 'HoldPlaced', data: { holdId, credits: 30, expiresAt: '2026-12-01T10:00:00.000Z' } })).toMatch(/^Hold 9a9a9a9a… placed: 30 credits held · expires /);
    expect(ledgerSummary({ type: 'CreditsDebited', data: { holdId, amount: 12 } })).toBe('Hold 9a9a9a9a… captured: 12 credits spent');
    // A fraction (today's ledger debits whole credits, carrying metered fractions) is written exactly, as numbers are everywhere; it read "0 credits spent".
    expect(ledgerSummary({ type: 'CreditsDebited', data: { holdId, amount: 0.003 } })).toBe('Hold 9a9a9a9a… captured: 0.003 credits spent');
    expect(ledgerSummary({ type: 'HoldReleased', data: { holdId, credits: 1250.5 } })).toBe('Hold 9a9a9a9a… released: 1,250.5 credits no longer held');
    expect(ledgerSummary({ type: 'HoldReleased', data: { holdId, credits: 18 } })).toBe('Hold 9a9a9a9a… released: 18 credits no longer held');
    expect(ledgerSummary({ type: 'HoldExpired', data: { holdId, credits: 6 } })).toBe('Hold 9a9a9a9a… expired: 6 credits no longer held');
    expect(ledgerSummary({ type: 'CreditsDebited', data: { amount: 3 } })).toBeNull();
    expect(ledgerSummary({ type: 'OrganizationRenamed', data: { name: 'x' } })).toBeNull();

    expect(heldChange({ type: 'HoldPlaced', data: { credits: 30 } })).toBe(30);
    expect(heldChange({ type: 'CreditsDebited', data: { holdId, amount: 12 } })).toBe(-12);
    expect(heldChange({ type: 'HoldReleased', data: { credits: 18 } })).toBe(-18);
    expect(heldChange({ type: 'HoldExpired', data: { credits: 6 } })).toBe(-6);
    expect(heldChange({ type: 'CreditsDebited', data: { amount: 3 } })).toBeNull();
  });
});

describe('usage batches', () => {
  it('list each accepted event with its meter, quantity, rate-card version and exact credits; other events have none', () => {
    const data = { items: [{ id: 'e1', meter: 'api.call', quantity: 3, credits: '1.5', version: 1, timestamp: '2026-01-01T00:00:00Z', projectId: 'p' }] };
    expect(usageLines({ type: 'UsageRecorded', data })).toEqual([{ id: 'e1', meter: 'api.call', quantity: 3, version: 1, credits: '1.5', projectId: 'p' }]);
    expect(usageLines({ type: 'UsageRecorded', data: { items: [] } })).toEqual([]);
    expect(usageLines({ type: 'CreditsDebited', data })).toBeNull();
  });

  it("list a board call's capture by its metered tokens, without event ids or versions", () => {
    const metered = [{ meter: 'llm.default.input_tokens', quantity: 1200, credits: '1.2', projectId: 'p' }];
    expect(usageLines({ type: 'CreditsDebited', data: { amount: 3, holdId: 'h', metered } })).toEqual([
      { id: null, meter: 'llm.default.input_tokens', quantity: 1200, version: null, credits: '1.2', projectId: 'p' },
    ]);
    expect(usageLines({ type: 'CreditsDebited', data: { amount: 3, holdId: 'h' } })).toBeNull();
  });

  it("say what a batch or a priced capture left carried on each meter it moved; older captures and other events say nothing", () => {
    const remainders = { 'llm.default.input_tokens': '0.2', 'api.call': '0' };
    const carried = [
      { meter: 'llm.default.input_tokens', credits: '0.2' },
      { meter: 'api.call', credits: '0' },
    ];
    expect(carriedAfter({ type: 'CreditsDebited', data: { amount: 1, holdId: 'h', remainders } })).toEqual(carried);
    expect(carriedAfter({ type: 'UsageRecorded', data: { items: [], remainders } })).toEqual(carried);
    expect(carriedAfter({ type: 'UsageRecorded', data: { items: [], remainders: {} } })).toBeNull();
    expect(carriedAfter({ type: 'CreditsDebited', data: { amount: 3, holdId: 'h' } })).toBeNull();
    expect(carriedAfter({ type: 'HoldPlaced', data: { remainders } })).toBeNull();
  });
});
