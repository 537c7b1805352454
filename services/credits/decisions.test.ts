import { describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '../platform/errors.ts';
import { decideCredits, type CreditCommand } from './decider.ts';
import { AdjustmentExceedsAvailable, CaptureExceedsHold, HoldPastExpiry, InsufficientCredits } from './errors.ts';
import { availableOf, evolveCredits, initialCreditState, type CreditStreamState } from './events.ts';
import type { MeteredPart } from './usage-events.ts';

const orgId = 'o1';
const T0 = Date.parse('2026-01-01T00:00:00.000Z');
/** A moment `s` seconds after the start. */
const t = (s: number) => new Date(T0 + s * 1000).toISOString();

/** An organization that exists and is active (services/orgs folds those two facts). */
const created: CreditStreamState = { ...initialCreditState(), exists: true, active: true };
const decide = (command: CreditCommand, state: CreditStreamState) => decideCredits(command, state).events;
const evolve = evolveCredits<CreditStreamState>;
const given = (...commands: CreditCommand[]) => commands.reduce((state, c) => decideCredits(c, state).state, created);
const when = (state: CreditStreamState, command: CreditCommand) => decide(command, state);
const after = (state: CreditStreamState, command: CreditCommand) => when(state, command).reduce(evolve, state);

const grant = (lotId: string, amount: number, extra: { priority?: number; expiresAt?: string | null; source?: 'promo' | 'purchase' | 'manual'; key?: string; at?: number } = {}): CreditCommand => ({
  type: 'GrantCredits',
  data: {
    orgId,
    lotId,
    amount,
    source: extra.source ?? 'purchase',
    priority: extra.priority,
    expiresAt: extra.expiresAt,
    kind: 'purchase',
    description: `lot ${lotId}`,
    key: extra.key,
    at: t(extra.at ?? 1),
  },
});
const debit = (amount: number, at = 10): CreditCommand => ({ type: 'DebitCredits', data: { orgId, amount, description: 'use', usageId: `u${amount}`, userId: null, at: t(at) } });
const hold = (holdId: string, credits: number, at = 10, ttlSeconds = 60): CreditCommand => ({
  type: 'PlaceHold',
  data: { orgId, holdId, credits, description: 'work', ttlSeconds, userId: null, at: t(at) },
});
const capture = (holdId: string, credits?: number, at = 20): CreditCommand => ({ type: 'CaptureHold', data: { orgId, holdId, credits, usageId: 'c1', userId: null, at: t(at) } });
const release = (holdId: string, at = 20): CreditCommand => ({ type: 'ReleaseHold', data: { orgId, holdId, at: t(at) } });
const expireCredits = (at: number, lotId = 'a'): CreditCommand => ({ type: 'ExpireCredits', data: { orgId, lotId, at: t(at) } });
const expireHold = (holdId: string, at: number): CreditCommand => ({ type: 'ExpireHold', data: { orgId, holdId, at: t(at) } });
const lotsOf = (state: CreditStreamState) => Object.fromEntries(state.lots.map((l) => [l.id, l.remaining]));

describe('spending order', () => {
  it('spends the lowest priority first, then the soonest expiry (never-expiring last), then the oldest', () => {
    const state = given(
      grant('late-forever', 5, { at: 3 }),
      grant('early-forever', 5, { at: 2 }),
      grant('expiring', 5, { expiresAt: t(1000) }),
      grant('sooner', 5, { expiresAt: t(500) }),
      grant('promo', 5, { source: 'promo' }),
    );
    const events = when(state, debit(24));
    expect(events).toEqual([
      {
        type: 'CreditsDebited',
        data: expect.objectContaining({
          amount: 24,
          balanceAfter: 1,
          lots: [
            { lotId: 'promo', amount: 5 },
            { lotId: 'sooner', amount: 5 },
            { lotId: 'expiring', amount: 5 },
            { lotId: 'early-forever', amount: 5 },
            { lotId: 'late-forever', amount: 4 },
          ],
        }),
      },
    ]);
    expect(lotsOf(events.reduce(evolve, state))).toEqual({ 'late-forever': 1 });
  });

  it('gives paid lots priority 10 and promo and manual lots 5, unless the grant says otherwise', () => {
    const state = given(grant('paid', 1), grant('promo', 1, { source: 'promo' }), grant('manual', 1, { source: 'manual' }), grant('first', 1, { priority: 0 }));
    expect(Object.fromEntries(state.lots.map((l) => [l.id, l.priority]))).toEqual({ paid: 10, promo: 5, manual: 5, first: 0 });
  });

  it('refuses a debit beyond what is available with 402, and appends nothing', () => {
    const state = given(grant('a', 5), hold('h', 3));
    expect(() => when(state, debit(3))).toThrow(InsufficientCredits);
    try {
      when(state, debit(3));
    } catch (err) {
      expect((err as InsufficientCredits).body).toEqual({ error: 'insufficient_credits', balance: 5, available: 2 });
    }
  });
});

describe('expiry', () => {
  it('expires the unreserved credits of a lot at its expiry, once', () => {
    const state = given(grant('a', 10, { expiresAt: t(100) }), grant('b', 3));
    expect(when(state, expireCredits(99))).toEqual([]);
    const events = when(state, expireCredits(100));
    expect(events).toEqual([{ type: 'CreditsExpired', data: { orgId, lotId: 'a', amount: 10, balanceAfter: 3, at: t(100) } }]);
    const expired = events.reduce(evolve, state);
    expect(expired.lots.map((l) => l.id)).toEqual(['b']);
    expect(when(expired, expireCredits(200))).toEqual([]);
  });

  it('the worker expires only the lot it names, so its idempotency key goes with that lot\'s expiry', () => {
    const state = given(grant('a', 10, { expiresAt: t(100) }), grant('b', 3, { expiresAt: t(50) }));
    expect(when(state, expireCredits(100, 'b')).map((e) => e.data)).toEqual([expect.objectContaining({ lotId: 'b', amount: 3 })]);
    expect(when(state, expireCredits(60, 'a'))).toEqual([]);
  });

  it('never spends an expired lot: a debit after the expiry first expires it, then takes from live lots only', () => {
    const state = given(grant('a', 10, { expiresAt: t(100), priority: 0 }), grant('b', 3));
    expect(() => when(state, debit(4, 150))).toThrow(InsufficientCredits);
    const events = when(state, debit(3, 150));
    expect(events.map((e) => e.type)).toEqual(['CreditsExpired', 'CreditsDebited', 'CreditsDepleted']);
    expect(events[1].data).toMatchObject({ lots: [{ lotId: 'b', amount: 3 }], balanceAfter: 0 });
  });

  it('keeps credits a hold reserved before the expiry for that hold, and expires them when it is released', () => {
    const state = given(grant('a', 10, { expiresAt: t(100) }), hold('h', 4, 50, 600));
    const expired = after(state, expireCredits(100));
    expect(expired).toMatchObject({ balance: 4, held: 4 });
    expect(availableOf(expired)).toBe(0);
    const released = when(expired, release('h', 120));
    expect(released.map((e) => e.type)).toEqual(['HoldReleased', 'CreditsExpired']);
    const final = released.reduce(evolve, expired);
    expect(final).toMatchObject({ balance: 0, held: 0, lots: [], holds: [] });
  });

  it('lets a hold capture credits it reserved on a lot that expired since, and expires the rest', () => {
    const state = given(grant('a', 10, { expiresAt: t(100) }), grant('b', 5), hold('h', 12, 50, 600), expireCredits(100));
    expect(state).toMatchObject({ balance: 15, held: 12 });
    const events = when(state, capture('h', 5, 120));
    expect(events.map((e) => e.type)).toEqual(['CreditsDebited', 'HoldReleased', 'CreditsExpired']);
    expect(events[0].data).toMatchObject({ lots: [{ lotId: 'a', amount: 5 }] });
    expect(events[2].data).toMatchObject({ lotId: 'a', amount: 5 });
    expect(events.reduce(evolve, state)).toMatchObject({ balance: 5, held: 0, lots: [expect.objectContaining({ id: 'b', remaining: 5, reserved: 0 })] });
  });

  it('grants a lot whose expiry has already passed and expires it in the same decision', () => {
    const events = when(given(), grant('late', 7, { expiresAt: t(0), at: 5 }));
    expect(events.map((e) => [e.type, (e.data as { balanceAfter?: number }).balanceAfter])).toEqual([
      ['CreditsGranted', 7],
      ['CreditsExpired', 0],
    ]);
  });
});

describe('holds', () => {
  it('reserves credits on lots in spending order, with an expiry of at + ttl', () => {
    const state = given(grant('a', 3, { priority: 1 }), grant('b', 10));
    const [placed] = when(state, hold('h', 5, 10, 30));
    expect(placed).toEqual({
      type: 'HoldPlaced',
      data: { orgId, holdId: 'h', credits: 5, description: 'work', expiresAt: t(40), lots: [{ lotId: 'a', amount: 3 }, { lotId: 'b', amount: 2 }], userId: null, at: t(10) },
    });
    const held = evolve(state, placed);
    expect(held).toMatchObject({ balance: 13, held: 5 });
    expect(availableOf(held)).toBe(8);
  });

  it('captures part of a hold as a debit from its lots and releases the rest', () => {
    const state = given(grant('a', 10), hold('h', 6));
    const events = when(state, capture('h', 4));
    expect(events).toEqual([
      { type: 'CreditsDebited', data: expect.objectContaining({ amount: 4, holdId: 'h', lots: [{ lotId: 'a', amount: 4 }], balanceAfter: 6, description: 'work' }) },
      { type: 'HoldReleased', data: { orgId, holdId: 'h', credits: 2, lots: [{ lotId: 'a', amount: 2 }], at: t(20) } },
    ]);
    expect(events.reduce(evolve, state)).toMatchObject({ balance: 6, held: 0, holds: [] });
  });

  it('captures the whole hold by default, with no release', () => {
    const state = given(grant('a', 10), hold('h', 6));
    expect(when(state, capture('h')).map((e) => e.type)).toEqual(['CreditsDebited']);
    expect(after(state, capture('h'))).toMatchObject({ balance: 4, held: 0, holds: [] });
  });

  it('refuses a capture above the hold (409), of a hold past its expiry (409), and of an unknown hold (404)', () => {
    const state = given(grant('a', 10), hold('h', 6, 10, 60));
    expect(() => when(state, capture('h', 7))).toThrow(CaptureExceedsHold);
    expect(() => when(state, capture('h', 1, 70))).toThrow(HoldPastExpiry);
    expect(() => when(state, capture('nope'))).toThrow(NotFoundError);
    expect(() => when(state, release('nope'))).toThrow(NotFoundError);
    expect(() => when(state, capture('h', 1.5))).toThrow(ValidationError);
  });

  it('refuses a hold beyond what is available and bad ttl values', () => {
    const state = given(grant('a', 10), hold('h', 6));
    expect(() => when(state, hold('h2', 5))).toThrow(InsufficientCredits);
    for (const ttl of [0, 86_401, 1.5]) expect(() => when(state, hold('h3', 1, 10, ttl))).toThrow(ValidationError);
  });

  it('expires a hold only once its expiry has come', () => {
    const state = given(grant('a', 10), hold('h', 6, 10, 60));
    expect(when(state, expireHold('h', 69))).toEqual([]);
    expect(when(state, expireHold('h', 70))).toEqual([{ type: 'HoldExpired', data: { orgId, holdId: 'h', credits: 6, lots: [{ lotId: 'a', amount: 6 }], at: t(70) } }]);
    expect(after(state, expireHold('h', 70))).toMatchObject({ balance: 10, held: 0 });
  });
});

describe('a capture priced by its meters (a board call)', () => {
  const tokens = (input: string, output: string, projectId: string | null = null): MeteredPart[] => [
    { meter: 'llm.default.input', quantity: 1000, credits: input, projectId },
    { meter: 'llm.default.output', quantity: 100, credits: output, projectId },
  ];
  const priced = (holdId: string, metered: MeteredPart[], at = 20): CreditCommand => ({
    type: 'CaptureHold',
    data: { orgId, holdId, usageId: `c-${holdId}`, userId: null, at: t(at), metered },
  });
  const debited = (events: ReturnType<typeof when>) => events.find((e) => e.type === 'CreditsDebited');

  it('takes the whole credits its parts reach and carries each meter\'s fraction to the next capture', () => {
    const first = given(grant('a', 10), hold('h1', 3));
    const events = when(first, priced('h1', tokens('1.2', '0.3')));
    expect(debited(events)?.data).toMatchObject({ amount: 1, remainders: { 'llm.default.input': '0.2', 'llm.default.output': '0.3' } });
    const second = given(grant('a', 10), hold('h1', 3), priced('h1', tokens('1.2', '0.3')), hold('h2', 3, 30));
    expect(second.usageRemainders).toEqual({ 'llm.default.input': '0.2', 'llm.default.output': '0.3' });
    expect(debited(when(second, priced('h2', tokens('1.2', '0.9'), 40)))?.data).toMatchObject({
      amount: 2,
      remainders: { 'llm.default.input': '0.4', 'llm.default.output': '0.2' },
    });
  });

  it('records a capture that reaches no whole credit, with its meters, and releases the hold', () => {
    const state = given(grant('a', 10), hold('h', 2));
    const events = when(state, priced('h', tokens('0.25', '0.5')));
    expect(events.map((e) => e.type)).toEqual(['CreditsDebited', 'HoldReleased']);
    expect(debited(events)?.data).toMatchObject({ amount: 0, lots: [], metered: tokens('0.25', '0.5') });
    expect(events.reduce(evolve, state)).toMatchObject({ balance: 10, held: 0, usageRemainders: { 'llm.default.input': '0.25', 'llm.default.output': '0.5' } });
  });

  it('never takes more than the hold: what it cannot take stays carried for the meter\'s next use', () => {
    const state = given(grant('a', 10), hold('h', 2));
    const events = when(state, priced('h', tokens('1.5', '1.75')));
    expect(debited(events)?.data).toMatchObject({ amount: 2, remainders: { 'llm.default.input': '0.5', 'llm.default.output': '0.75' } });
    const capped = given(grant('a', 10), hold('h', 1));
    expect(debited(when(capped, priced('h', tokens('2.5', '1'))))?.data).toMatchObject({ amount: 1, remainders: { 'llm.default.input': '1.5', 'llm.default.output': '1' } });
  });

  it('costs nothing for a call that reported no tokens (no parts), never the whole hold', () => {
    const state = given(grant('a', 10), hold('h', 5));
    const events = when(state, priced('h', []));
    expect(debited(events)?.data).toMatchObject({ amount: 0, lots: [], remainders: {} });
    expect(events.reduce(evolve, state)).toMatchObject({ balance: 10, held: 0, holds: [] });
  });

  it('is charged as given when the capturer names the credits, as before', () => {
    const state = given(grant('a', 10), hold('h', 6));
    const events = when(state, { type: 'CaptureHold', data: { orgId, holdId: 'h', credits: 4, usageId: 'c', userId: null, at: t(20), metered: tokens('0.1', '0.1') } });
    expect(debited(events)?.data).toMatchObject({ amount: 4 });
    expect(debited(events)?.data).not.toHaveProperty('remainders');
  });
});

describe('revocations and adjustments', () => {
  it('a refund revokes from the lot of its purchase only, its unreserved remaining, and records the shortfall', () => {
    const state = given(grant('bought', 10, { key: 'purchase:cs_1' }), grant('other', 50), hold('h', 60));
    const [revoked] = when(state, { type: 'RevokeCredits', data: { orgId, amount: 8, kind: 'refund', description: 'refund', key: 'refund:1', lotKey: 'purchase:cs_1', at: t(30) } });
    expect(revoked.data).toMatchObject({ amount: 0, requested: 8, shortfall: 8, lots: [] });
    const spent = given(grant('bought', 10, { key: 'purchase:cs_1' }), grant('other', 50, { priority: 99 }), debit(7));
    const [partial] = when(spent, { type: 'RevokeCredits', data: { orgId, amount: 8, kind: 'refund', description: 'refund', key: 'refund:1', lotKey: 'purchase:cs_1', at: t(30) } });
    expect(partial.data).toMatchObject({ amount: 3, requested: 8, shortfall: 5, balanceAfter: 50, lots: [{ lotId: 'bought', amount: 3 }] });
  });

  it('an admin takes credits away in spending order from what is available, and never more (400)', () => {
    const state = given(grant('a', 10), hold('h', 4));
    const take = (amount: number): CreditCommand => ({ type: 'AdjustCredits', data: { orgId, amount, description: 'fix', lotId: 'x', at: t(30) } });
    expect(() => when(state, take(-7))).toThrow(AdjustmentExceedsAvailable);
    expect(after(state, take(-6))).toMatchObject({ balance: 4, held: 4 });
  });

  it('an admin grant is a manual lot unless promo is asked for, and refuses an expiry in the past', () => {
    const add = (extra: object): CreditCommand => ({ type: 'AdjustCredits', data: { orgId, amount: 5, description: 'gift', lotId: 'g', at: t(30), ...extra } });
    expect(after(given(), add({})).lots[0]).toMatchObject({ source: 'manual', priority: 5, expiresAt: null });
    expect(when(given(), add({ source: 'promo', expiresAt: t(90) }))[0].data).toMatchObject({ source: 'promo', kind: 'promo', expiresAt: t(90) });
    expect(() => when(given(), add({ expiresAt: t(29) }))).toThrow(ValidationError);
    expect(() => when(given(), add({ expiresAt: 'soon' }))).toThrow(ValidationError);
    expect(() => when(given(), add({ priority: 101 }))).toThrow(ValidationError);
  });

  it('a keyed grant is applied once', () => {
    const state = given(grant('a', 5, { key: 'period:sub:1' }));
    expect(when(state, grant('b', 5, { key: 'period:sub:1' }))).toEqual([]);
  });
});

describe('folded once', () => {
  it('a decision answers the state its events fold to: the command handler folds nothing again', () => {
    const state = decideCredits({ type: 'SetAlerts', data: { orgId, lowBalanceCredits: 8, at: t(1) } }, given(grant('a', 10, { expiresAt: t(15) }), grant('b', 5)));
    for (const command of [debit(3), hold('h', 4), expireCredits(20), debit(5, 20)]) {
      const before = state.state;
      const decided = decideCredits(command, before);
      expect(decided.state).toEqual(decided.events.reduce(evolve, before));
      state.state = decided.state;
    }
    expect(state.state).toMatchObject({ balance: 4, held: 4, alerts: { lowSent: true, depletedSent: true } });
  });
});
