import { describe, expect, it } from 'vitest';
import { ValidationError } from '../platform/errors.ts';
import { BudgetExceeded, budgetsView } from './budgets.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { initialCreditState, type CreditStreamState } from './events.ts';

const orgId = 'o1';
const created: CreditStreamState = { ...initialCreditState(), exists: true, active: true };
const given = (...commands: CreditCommand[]) => commands.reduce((state, c) => decideCredits(c, state).state, created);
const grant = (amount: number): CreditCommand => ({ type: 'GrantCredits', data: { orgId, lotId: `l${amount}`, amount, source: 'purchase', kind: 'purchase', description: 'lot', at: '2026-01-01T00:00:00.000Z' } });
const budget = (credits: number, period: 'month' | 'total' = 'month', scope: 'member' | 'project' = 'member', id = 'u1'): CreditCommand => ({
  type: 'SetBudget',
  data: { orgId, scope, id, credits, period, at: '2026-01-01T00:00:00.000Z' },
});
let n = 0;
const debit = (amount: number, at: string, userId: string | null = 'u1', projectId: string | null = null): CreditCommand => ({
  type: 'DebitCredits',
  data: { orgId, amount, description: 'use', usageId: `d${n++}`, userId, projectId, at },
});
const hold = (holdId: string, credits: number, at: string, projectId: string | null = null): CreditCommand => ({
  type: 'PlaceHold',
  data: { orgId, holdId, credits, description: 'job', ttlSeconds: 600, userId: 'u1', projectId, at },
});
const JAN = '2026-01-20T10:00:00.000Z';
const FEB = '2026-02-01T00:00:00.000Z';

describe('budgets in the credit decision', () => {
  it('refuses a spend past the member budget with nothing decided; other members and the pool are untouched', () => {
    const state = given(grant(100), budget(10), debit(8, JAN));
    expect(() => decideCredits(debit(3, JAN), state)).toThrow(BudgetExceeded);
    expect(decideCredits(debit(2, JAN), state).events[0].type).toBe('CreditsDebited');
    expect(decideCredits(debit(50, JAN, 'u2'), state).events[0].type).toBe('CreditsDebited');
  });

  it('says in its refusal the credits asked for and what was spent and held, numbers written as the pages write them', () => {
    const state = given(grant(10_000), budget(3_000), debit(1_500, JAN), hold('h1', 1_200, JAN));
    expect(() => decideCredits(debit(1_000, JAN), state)).toThrow("This member's budget of 3,000 credits has no room for 1,000 more: 1,500 spent and 1,200 held");
    expect(() => decideCredits(debit(2, JAN), given(grant(10), budget(1)))).toThrow("This member's budget of 1 credit has no room for 2 more: 0 spent");
  });

  it('resets a monthly budget at the start of the UTC month; a total budget does not', () => {
    const monthly = given(grant(100), budget(10), debit(10, JAN));
    expect(() => decideCredits(debit(1, JAN), monthly)).toThrow(BudgetExceeded);
    expect(decideCredits(debit(10, FEB), monthly).events[0].type).toBe('CreditsDebited');
    const total = given(grant(100), budget(10, 'total'), debit(10, JAN));
    expect(() => decideCredits(debit(1, FEB), total)).toThrow(BudgetExceeded);
  });

  it('counts spends made before the budget was set, and holds until they close', () => {
    const state = given(grant(100), debit(4, JAN, 'u1', 'p1'), budget(10, 'total', 'project', 'p1'), hold('h1', 5, JAN, 'p1'));
    expect(budgetsView(state, JAN)).toEqual([expect.objectContaining({ scope: 'project', id: 'p1', spent: 4, held: 5 })]);
    expect(() => decideCredits(debit(2, JAN, null, 'p1'), state)).toThrow(BudgetExceeded);
    const captured = decideCredits({ type: 'CaptureHold', data: { orgId, holdId: 'h1', credits: 2, usageId: 'c', userId: 'someone', at: JAN } }, state).state;
    expect(budgetsView(captured, JAN)).toEqual([expect.objectContaining({ spent: 6, held: 0 })]);
    expect(captured.holdOwners).toEqual({});
  });

  it('says each threshold once per period (80 and 100 by default)', () => {
    let state = given(grant(100), budget(10));
    const crossed = (command: CreditCommand) => {
      const folded = decideCredits(command, state);
      state = folded.state;
      return folded.events.filter((e) => e.type === 'BudgetThresholdCrossed').map((e) => (e.data as { threshold: number }).threshold);
    };
    expect(crossed(debit(7, JAN))).toEqual([]);
    expect(crossed(debit(1, JAN))).toEqual([80]);
    expect(crossed(debit(1, JAN))).toEqual([]);
    expect(crossed(debit(1, JAN))).toEqual([100]);
    expect(crossed(debit(9, FEB))).toEqual([80]);
  });

  it('refuses negative, fractional or absurd budgets and bad thresholds', () => {
    for (const credits of [-1, 1.5, 1e12]) expect(() => given(budget(credits))).toThrow(ValidationError);
    expect(() => given({ type: 'SetBudget', data: { orgId, scope: 'member', id: 'u1', credits: 5, period: 'month', thresholds: [0], at: JAN } })).toThrow(ValidationError);
  });
});
