import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldStored } from '../../services/eventstore/decider.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import type { StoredEvent } from '../../services/eventstore/types.ts';
import { orgDecider } from '../../services/orgs/decider.ts';
import { orgStreamId, type OrgEvent, type OrgState } from '../../services/orgs/events.ts';
import { upcastOrgEvent } from '../../services/credits/events.ts';
import { createOrgCredits, type OrgCredits } from '../../services/orgs/stream.ts';
import { DomainError } from '../../services/platform/errors.ts';
import { ledgerProjection } from '../../projections/ledger/index.ts';
import { lotsProjection } from '../../projections/lots/index.ts';
import { orgsProjection } from '../../projections/orgs/index.ts';
import { rebuild } from '../../projections/rebuild.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { waitFor } from '../support/processes.ts';
import { dumpTables } from '../support/readmodels.ts';

let t: TestApp;
/** Two API processes' worth of ledgers: separate per-org queues on one database, so their decisions clash and retry. */
let processes: OrgCredits[];
beforeAll(async () => {
  t = await startApp();
  processes = [t.app.credits, createOrgCredits({ store: new EventStore(t.db), metrics: { commands: 0, retries: 0 } })];
});
afterAll(async () => t?.close());

type Op =
  | { kind: 'grant'; amount: number; priority: number | null; expiresIn: number | null; promo: boolean; purchase: boolean; key: number | null }
  | { kind: 'debit'; credits: number; key: number }
  | { kind: 'hold'; key: number }
  | { kind: 'capture'; hold: number; credits: number | null }
  | { kind: 'release'; hold: number }
  | { kind: 'expire' }
  | { kind: 'refund'; purchase: number; amount: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({
    kind: fc.constant('grant' as const),
    amount: fc.integer({ min: 1, max: 40 }),
    priority: fc.option(fc.integer({ min: 0, max: 12 })),
    expiresIn: fc.option(fc.integer({ min: 1, max: 600 })),
    promo: fc.boolean(),
    purchase: fc.boolean(),
    key: fc.option(fc.integer({ min: 0, max: 3 })),
  }) },
  fc.record({ kind: fc.constant('debit' as const), credits: fc.integer({ min: 1, max: 25 }), key: fc.integer({ min: 0, max: 6 }) }),
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('hold' as const), key: fc.integer({ min: 0, max: 9 }) }) },
  fc.record({ kind: fc.constant('capture' as const), hold: fc.nat(), credits: fc.option(fc.integer({ min: 0, max: 30 })) }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat() }),
  fc.record({ kind: fc.constant('expire' as const) }),
  fc.record({ kind: fc.constant('refund' as const), purchase: fc.nat(), amount: fc.integer({ min: 1, max: 30 }) }),
);
/** Rounds of operations decided concurrently, and the seconds the clock moves after each. */
const scenario = fc.array(fc.record({ ops: fc.array(fc.tuple(op, fc.nat(1)), { minLength: 1, maxLength: 7 }), tick: fc.integer({ min: 0, max: 300 }) }), {
  minLength: 1,
  maxLength: 7,
});

/** Mistakes a client can make and the ledger's refusals: anything else fails the property. */
const EXPECTED = new Set(['insufficient_credits', 'hold_closed', 'hold_expired', 'capture_exceeds_hold', 'not_found']);

class Run {
  readonly orgId = randomUUID();
  /** A simulated clock well ahead of the real one, so no real-time job or sweep ever finds anything due. */
  now = Date.now() + 10 * 86_400_000;
  readonly holds: string[] = [randomUUID()];
  readonly lots: string[] = [];
  readonly purchases: string[] = [];
  /** Every answer given under each idempotency key: a repeat must answer the first result. */
  readonly answers = new Map<string, unknown[]>();
  refunds = 0;

  at = () => new Date(this.now).toISOString();

  answer(key: string, value: unknown) {
    this.answers.set(key, [...(this.answers.get(key) ?? []), value]);
  }

  async apply(o: Op, credits: OrgCredits): Promise<void> {
    const { orgId } = this;
    const at = this.at();
    const metadata = { actor: 'property' };
    switch (o.kind) {
      case 'grant': {
        const key = o.purchase ? `purchase:${randomUUID()}` : o.key === null ? undefined : `period:sub:${o.key}`;
        const expiresAt = o.expiresIn === null ? null : new Date(this.now + o.expiresIn * 1000).toISOString();
        const source = o.promo ? 'promo' : o.purchase ? 'plan_one_time' : 'plan_monthly';
        const { lotId } = await credits.grant(
          { orgId, amount: o.amount, source, priority: o.priority ?? undefined, expiresAt, kind: o.promo ? 'promo' : 'purchase', description: 'g', key, at },
          { metadata },
        );
        if (lotId) this.lots.push(lotId);
        if (o.purchase && key) this.purchases.push(key);
        return;
      }
      case 'debit': {
        const key = `d${o.key}`;
        // The same key always asks the same (so a repeat is a repeat, not a reuse).
        this.answer(key, await credits.debit({ orgId, userId: null, credits: (o.key % 5) + 1, description: 'use', idempotencyKey: key, metadata, at }));
        return;
      }
      case 'hold': {
        const key = `h${o.key}`;
        const ttlSeconds = 1 + ((o.key * 97) % 400);
        const placed = await credits.hold({ orgId, userId: null, credits: (o.key % 6) + 1, description: 'work', idempotencyKey: key, ttlSeconds, metadata, at });
        this.answer(key, placed.holdId);
        if (!this.holds.includes(placed.holdId)) this.holds.push(placed.holdId);
        return;
      }
      case 'capture':
        await credits.capture({ orgId, holdId: this.holds[o.hold % this.holds.length], userId: null, credits: o.credits ?? undefined, metadata, at });
        return;
      case 'release':
        await credits.release({ orgId, holdId: this.holds[o.hold % this.holds.length], metadata, at });
        return;
      case 'expire':
        for (const lotId of this.lots) await credits.expireLot(orgId, lotId, at);
        for (const holdId of this.holds) await credits.expireHold(orgId, holdId, at);
        return;
      case 'refund': {
        if (this.purchases.length === 0) return;
        const lotKey = this.purchases[o.purchase % this.purchases.length];
        await credits.revoke({ orgId, amount: o.amount, kind: 'refund', description: 'r', key: `refund:${this.refunds++}`, lotKey, at }, { metadata });
        return;
      }
    }
  }
}

type Reserved = Map<string, Map<string, number>>;

/** Folds the stream one event at a time and checks every step. */
function checkStream(events: StoredEvent[]): OrgState {
  let state = orgDecider.initialState();
  const perLot = new Map<string, number>();
  const expiry = new Map<string, string | null>();
  const expired = new Set<string>();
  const reserved: Reserved = new Map();
  const closing = new Map<string, number>();
  for (const stored of events) {
    const event = upcastOrgEvent(stored) as unknown as StoredEvent<OrgEvent>;
    const at = Date.parse((event.data as { at: string }).at);
    const move = (lotId: string, amount: number) => perLot.set(lotId, (perLot.get(lotId) ?? 0) + amount);
    switch (event.type) {
      case 'CreditsGranted':
        move(event.data.lotId, event.data.amount);
        expiry.set(event.data.lotId, event.data.expiresAt);
        break;
      case 'CreditsExpired':
        expect(expiry.get(event.data.lotId), 'only a lot past its expiry expires').not.toBeNull();
        expect(Date.parse(expiry.get(event.data.lotId)!)).toBeLessThanOrEqual(at);
        move(event.data.lotId, -event.data.amount);
        expired.add(event.data.lotId);
        break;
      case 'HoldPlaced':
      case 'CreditsDebited':
      case 'CreditsRevoked': {
        // A hold's lots must be live when it is placed, like a debit's.
        if (event.type === 'HoldPlaced') reserved.set(event.data.holdId, new Map(event.data.lots.map((l) => [l.lotId, l.amount])));
        const holdId = event.type === 'CreditsDebited' ? event.data.holdId : undefined;
        for (const take of event.data.lots ?? []) {
          if (event.type !== 'HoldPlaced') move(take.lotId, -take.amount);
          if (holdId) {
            // A capture takes only what its hold reserved, on the lots it reserved.
            const held = reserved.get(holdId)!;
            expect(held.get(take.lotId) ?? 0).toBeGreaterThanOrEqual(take.amount);
            held.set(take.lotId, held.get(take.lotId)! - take.amount);
          } else {
            expect(expired.has(take.lotId), 'an expired lot is never spent').toBe(false);
            const expiresAt = expiry.get(take.lotId);
            if (expiresAt) expect(Date.parse(expiresAt), 'a lot is spent only before its expiry').toBeGreaterThan(at);
          }
        }
        if (holdId) closing.set(holdId, (closing.get(holdId) ?? 0) + 1);
        break;
      }
      case 'HoldReleased':
      case 'HoldExpired':
        if (!events.some((e) => e.type === 'CreditsDebited' && (e.data as { holdId?: string }).holdId === event.data.holdId)) {
          closing.set(event.data.holdId, (closing.get(event.data.holdId) ?? 0) + 1);
        }
        break;
    }
    state = orgDecider.evolve(state, event as unknown as OrgEvent);
    const balanceAfter = (event.data as { balanceAfter?: number }).balanceAfter;
    const lotSum = [...perLot.values()].reduce((a, b) => a + b, 0);
    expect(state.balance, 'the sum of lot movements is the balance').toBe(lotSum);
    if (balanceAfter !== undefined) expect(balanceAfter).toBe(state.balance);
    expect(state.balance).toBeGreaterThanOrEqual(0);
    expect(state.balance - state.held, 'available never below zero').toBeGreaterThanOrEqual(0);
    for (const lot of state.lots) {
      expect(lot.remaining).toBeGreaterThan(0);
      expect(lot.reserved).toBeGreaterThanOrEqual(0);
      expect(lot.reserved).toBeLessThanOrEqual(lot.remaining);
      expect(perLot.get(lot.id)).toBe(lot.remaining);
    }
    for (const [lotId, remaining] of perLot) expect(remaining, `lot ${lotId}`).toBeGreaterThanOrEqual(0);
    expect(state.lots.reduce((n, l) => n + l.reserved, 0)).toBe(state.held);
  }
  for (const [holdId, n] of closing) expect(n, `hold ${holdId} closes once`).toBe(1);
  return state;
}

function checkKeys(run: Run, events: StoredEvent[]) {
  for (const [key, answers] of run.answers) {
    expect(new Set(answers.map((a) => JSON.stringify(a))).size, `answers under ${key}`).toBe(1);
  }
  const byCommand = new Map<string, string[]>();
  for (const e of events) {
    const id = String(e.metadata.command_id);
    byCommand.set(id, [...(byCommand.get(id) ?? []), e.type]);
  }
  for (const [id, types] of byCommand) {
    if (id.startsWith('usage-')) expect(types.filter((x) => x === 'CreditsDebited'), id).toHaveLength(1);
    if (id.startsWith('hold-') && !id.startsWith('hold-close-')) expect(types.filter((x) => x === 'HoldPlaced'), id).toHaveLength(1);
  }
  const debits = events.filter((e) => e.type === 'CreditsDebited' && !(e.data as { holdId?: string }).holdId);
  expect(debits.length).toBe([...byCommand.keys()].filter((id) => id.startsWith('usage-')).length);
}

async function checkReadModels(orgId: string, state: OrgState) {
  await waitFor('the read models', () => projectionsCaughtUp(t.db));
  const org = await t.db.query('SELECT credit_balance::int AS balance FROM orgs WHERE id = $1', [orgId]);
  expect(org.rows[0].balance).toBe(state.balance);
  const lots = await t.db.query('SELECT id, remaining::int AS remaining, reserved::int AS reserved FROM credit_lots WHERE org_id = $1 AND remaining > 0 ORDER BY position', [orgId]);
  expect(lots.rows).toEqual(state.lots.map((l) => ({ id: l.id, remaining: l.remaining, reserved: l.reserved })));
  const holds = await t.db.query(`SELECT id::text, lots FROM credit_holds WHERE org_id = $1 AND status = 'open' ORDER BY position`, [orgId]);
  expect(holds.rows).toEqual(state.holds.map((h) => ({ id: h.holdId, lots: h.lots })));
}

describe('the credit ledger under random interleavings', () => {
  it('never overdraws, never spends an expired lot, gives each key one effect, and its read models agree with the stream', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(scenario, async (rounds) => {
        const run = new Run();
        await t.app.store.append(orgStreamId(run.orgId), [{ type: 'OrganizationCreated', data: { orgId: run.orgId, name: `P ${run.orgId}`, createdBy: randomUUID(), at: run.at() } }], {
          expected: 'no_stream',
        });
        for (const round of rounds) {
          await Promise.all(
            round.ops.map(([o, p]) =>
              run.apply(o, processes[p]).catch((err) => {
                if (!(err instanceof DomainError && EXPECTED.has(err.code))) throw err;
              }),
            ),
          );
          run.now += round.tick * 1000;
        }
        const events = await t.app.store.readStream(orgStreamId(run.orgId));
        const state = checkStream(events);
        expect(state).toEqual(foldStored(orgDecider, orgDecider.initialState(), events));
        const loaded = await t.app.store.load(orgStreamId(run.orgId), { snapshotVersion: orgDecider.snapshotVersion });
        const fromSnapshot = foldStored(orgDecider, (loaded.snapshot as OrgState | undefined) ?? orgDecider.initialState(), loaded.events);
        expect(fromSnapshot, 'the snapshot and the events after it fold to the same state').toEqual(state);
        checkKeys(run, events);
        if (runs++ % 5 === 0) await checkReadModels(run.orgId, state);
      }),
      { numRuns: 30 },
    );
    await waitFor('the read models', () => projectionsCaughtUp(t.db));
    for (const projection of [orgsProjection, ledgerProjection, lotsProjection]) {
      const live = await dumpTables(t.db, projection);
      await rebuild(t.db, t.app.store, projection);
      // A rebuild stops at what is committed when it ends; the projector brings the new version the rest of the way.
      await waitFor('the rebuilt read model', () => projectionsCaughtUp(t.db));
      expect(await dumpTables(t.db, projection), `a rebuild of ${projection.name}`).toEqual(live);
    }
  }, 300_000);
});
