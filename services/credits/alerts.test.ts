import { describe, expect, it } from 'vitest';
import { ValidationError } from '../platform/errors.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { initialCreditState, type CreditStreamState } from './events.ts';

const orgId = 'o1';
const at = '2026-01-01T00:00:00.000Z';
const created: CreditStreamState = { ...initialCreditState(), exists: true, active: true };
let n = 0;
const grant = (amount: number): CreditCommand => ({ type: 'GrantCredits', data: { orgId, lotId: `l${++n}`, amount, source: 'purchase', kind: 'purchase', description: 'g', at } });
const debit = (amount: number): CreditCommand => ({ type: 'DebitCredits', data: { orgId, amount, description: 'use', usageId: `u${++n}`, userId: null, at } });
const hold = (credits: number): CreditCommand => ({ type: 'PlaceHold', data: { orgId, holdId: `h${++n}`, credits, description: 'w', ttlSeconds: 60, userId: null, at } });
const setLow = (lowBalanceCredits: number | null): CreditCommand => ({ type: 'SetAlerts', data: { orgId, lowBalanceCredits, at } });

/** Runs commands in order; answers the alert events each one said. */
function run(...commands: CreditCommand[]) {
  let state = created;
  const said: string[][] = [];
  for (const c of commands) {
    const decided = decideCredits(c, state);
    const events = decided.events;
    said.push(events.filter((e) => e.type === 'CreditsLow' || e.type === 'CreditsDepleted').map((e) => e.type));
    state = decided.state;
  }
  return said;
}

describe('low-balance and depleted alerts', () => {
  it('says credits.low once per crossing, and again only after available was back at or above the threshold', () => {
    expect(run(setLow(50), grant(100), debit(30), debit(30), debit(5), grant(100), debit(90), debit(45))).toEqual([
      [], [], [], ['CreditsLow'], [], [], ['CreditsLow'], ['CreditsDepleted'],
    ]);
  });

  it('counts a hold (it lowers what is available); without a threshold says only credits.depleted, once per reaching 0', () => {
    expect(run(setLow(10), grant(20), hold(15))).toEqual([[], [], ['CreditsLow']]);
    expect(run(grant(20), debit(5), debit(15), grant(10), hold(10))).toEqual([[], [], ['CreditsDepleted'], [], ['CreditsDepleted']]);
    expect(run(setLow(5), setLow(null), grant(10), debit(10))).toEqual([[], [], [], ['CreditsDepleted']]);
  });

  it('is not a crossing to set a threshold above what is available; a bad threshold is refused', () => {
    expect(run(grant(20), setLow(50), debit(5), grant(100), debit(80))).toEqual([[], [], [], [], ['CreditsLow']]);
    expect(() => run(setLow(0))).toThrow(ValidationError);
  });
});
