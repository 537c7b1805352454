import { describe, expect, it } from 'vitest';
import { budgetAlert, budgetRoom, type BudgetFigures } from './budget-alert';

const budget = (over: Partial<BudgetFigures> = {}): BudgetFigures => ({
  scope: 'member',
  id: 'me',
  credits: 30,
  period: 'month',
  thresholds: [80, 100],
  spent: 0,
  held: 0,
  periodStart: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('the member budget banner', () => {
  it('says nothing below the first threshold, for someone else\'s budget, or a project\'s', () => {
    expect(budgetAlert([budget({ spent: 23 })], 'me')).toBeNull();
    expect(budgetAlert([budget({ spent: 30, id: 'other' })], 'me')).toBeNull();
    expect(budgetAlert([budget({ spent: 30, scope: 'project' })], 'me')).toBeNull();
    expect(budgetAlert([budget({ spent: 5, credits: 0 })], 'me')).toBeNull();
  });

  it('says the share used (spent and held) once a threshold is crossed, keyed by threshold and period', () => {
    expect(budgetAlert([budget({ spent: 20, held: 4 })], 'me')).toMatchObject({
      threshold: 80,
      percent: 80,
      text: 'Your monthly budget: 80% used (24 of 30 credits).',
      key: 'budget-banner:2026-11-01T00:00:00.000Z:80',
    });
    expect(budgetAlert([budget({ spent: 30 })], 'me')).toMatchObject({ threshold: 100, key: 'budget-banner:2026-11-01T00:00:00.000Z:100' });
    expect(budgetAlert([budget({ spent: 9, credits: 10, period: 'total', thresholds: [50] })], 'me')?.text).toBe('Your budget: 90% used (9 of 10 credits).');
  });
});

describe('the room a budget leaves for a board meeting', () => {
  it('is the tightest of the member\'s own budget and the project\'s, spent and held counted', () => {
    expect(budgetRoom([], 'me', 'p1')).toBeNull();
    expect(budgetRoom([budget({ id: 'other' }), budget({ scope: 'project', id: 'p2' })], 'me', 'p1')).toBeNull();
    expect(budgetRoom([budget({ spent: 10, held: 5 })], 'me', 'p1')).toEqual({ left: 15, name: 'Your monthly budget' });
    expect(budgetRoom([budget({ spent: 10 }), budget({ scope: 'project', id: 'p1', credits: 12, period: 'total' })], 'me', 'p1')).toEqual({
      left: 12,
      name: "This project's budget",
    });
    expect(budgetRoom([budget({ spent: 40 })], 'me', 'p1')).toEqual({ left: 0, name: 'Your monthly budget' });
  });
});
