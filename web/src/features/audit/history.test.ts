import { describe, expect, it } from 'vitest';
import { balanceAfter, creditChange, localInputToIso, parseStreamId } from './history';

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
