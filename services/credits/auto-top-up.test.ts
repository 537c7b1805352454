import { describe, expect, it } from 'vitest';
import { crossingOf } from './auto-top-up.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { evolveCredits, initialCreditState, type CreditStreamState } from './events.ts';

const orgId = 'o1';
const at = '2026-11-25T00:00:00.000Z';
const settings = { enabled: true, thresholdCredits: 100, planId: 'pack', maxPerMonth: 2 };
const created: CreditStreamState = { ...initialCreditState(), exists: true, active: true };
const configured = () => evolveCredits(created, { type: 'AutoTopUpConfigured', data: { orgId, settings, by: 'u1', at } });
const run = (state: CreditStreamState, command: CreditCommand) => decideCredits(command, state);
const start = (crossing: string, when = at) => ({ type: 'StartAutoTopUp' as const, data: { orgId, crossing, at: when } });
const fail = (crossing: string) => ({ type: 'RecordAutoTopUp' as const, data: { orgId, crossing, at, ok: false as const, reason: 'card_declined' } });

describe('auto top-up decisions', () => {
  it('one attempt per crossing; at most maxPerMonth a calendar month', () => {
    let s = configured();
    s = run(s, start('c1')).state;
    expect(run(s, start('c1')).events).toEqual([]);
    s = run(s, start('c2')).state;
    expect(run(s, start('c3')).events).toEqual([]);
    expect(run(s, start('c3', '2026-12-01T00:00:00.000Z')).events.map((e) => e.type)).toEqual(['AutoTopUpAttempted']);
  });

  it('three failures in a row turn it off, saying so; an outcome is recorded once', () => {
    let s = configured();
    const settingsFor = { ...settings, maxPerMonth: 10 };
    s = run(s, { type: 'ConfigureAutoTopUp', data: { orgId, settings: settingsFor, by: 'u1', at } }).state;
    for (const c of ['a', 'b']) s = run(run(s, start(c)).state, fail(c)).state;
    expect(run(s, fail('b')).events).toEqual([]);
    const third = run(run(s, start('c')).state, fail('c'));
    expect(third.events.map((e) => e.type)).toEqual(['AutoTopUpFailed', 'AutoTopUpDisabled']);
    expect(third.state.autoTopUp?.enabled).toBe(false);
    expect(third.state.topUps.disabledReason).toMatch(/turned off after 3 failed charges/);
    expect(run(third.state, start('d')).events).toEqual([]);
  });

  it('a crossing is the debit that takes the balance from the threshold or above to below it', () => {
    const debit = (amount: number, balanceAfter: number) => ({ type: 'CreditsDebited', data: { orgId, usageId: `u${balanceAfter}`, amount, balanceAfter } });
    expect(crossingOf([debit(10, 95)], settings)).toBe('o1-u95');
    expect(crossingOf([debit(10, 85)], settings)).toBeNull();
    expect(crossingOf([debit(10, 100)], settings)).toBeNull();
    expect(crossingOf([debit(10, 95)], { ...settings, enabled: false })).toBeNull();
  });
});
