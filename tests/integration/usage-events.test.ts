import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { Client, signIn } from '../support/http.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { ingestUsage } from '../../services/usage/ingest.ts';
import { RateCards } from '../../services/ratecard/rate-card.ts';
import { createOrgCredits } from '../../services/orgs/stream.ts';
import { createPool } from '../../services/platform/pool.ts';
import { RATE_CARD_STREAM } from '../../services/ratecard/events.ts';
import { countStatements } from '../support/db.ts';
import { waitFor } from '../support/processes.ts';
import { projectionsCaughtUp } from '../../projections/status.ts';
import type { Logger } from 'pino';
import { purgeUsageIds, rememberUsageIds } from '../../services/credits/usage-ids.ts';
import { DuplicateCommandError } from '../../services/eventstore/errors.ts';
import { schedulersOf } from '../../workers/schedulers.ts';
import { ledgerHandlers } from '../../workers/ledger.ts';

let t: TestApp;
let admin: Client;
const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();
const entry = (meter: string, creditsPerUnit: number) => ({ meter, unit: 'unit', description: meter, creditsPerUnit });

beforeAll(async () => {
  t = await startApp();
  admin = await signIn(t.url, 'admin@example.com');
  // Version 1 from 30 days ago, version 2 from 10 days ago: api.call costs 0.5, then 1.
  const v1 = await admin.post('/api/admin/rate-cards', { effectiveFrom: ago(30), entries: [entry('api.call', 0.5), entry('llm.m.output_tokens', 0.003), entry('minutes', 0.7)] });
  expect(v1.status).toBe(201);
  const v2 = await admin.post('/api/admin/rate-cards', { effectiveFrom: ago(10), entries: [entry('api.call', 1), entry('llm.m.output_tokens', 0.003), entry('minutes', 0.7)] });
  expect(v2.body).toMatchObject({ version: 2 });
});
afterAll(async () => t?.close());

const calls = (n: number, prefix = randomUUID()) => Array.from({ length: n }, (_, i) => ({ id: `${prefix}-${i}`, meter: 'api.call', quantity: 1 }));
const debits = async (orgId: string) => (await t.app.store.readStream(orgStreamId(orgId))).filter((e) => e.type === 'CreditsDebited').map((e) => (e.data as { amount: number }).amount);

describe('the rate card', () => {
  it('is published in versions by admins, read in force by members, and refuses a negative price or an earlier effectiveFrom', async () => {
    const { client } = await memberWithOrg(t, 'card-reader@example.com');
    const card = await client.get('/api/rate-card');
    expect(card.body).toMatchObject({ version: 2, entries: expect.arrayContaining([{ meter: 'api.call', unit: 'unit', description: 'api.call', creditsPerUnit: 1 }]) });
    expect((await client.post('/api/admin/rate-cards', { entries: [entry('api.call', 1)] })).status).toBe(403);
    expect((await admin.post('/api/admin/rate-cards', { entries: [entry('api.call', -0.1)] })).status).toBe(400);
    expect((await admin.post('/api/admin/rate-cards', { entries: [entry('api.call', 0.0000001)] })).status).toBe(400);
    expect((await admin.post('/api/admin/rate-cards', { effectiveFrom: ago(20), entries: [entry('api.call', 2)] })).status).toBe(400);
    const list = await admin.get('/api/admin/rate-cards');
    expect(list.body.current.version).toBe(2);
    expect(list.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });
});

describe('POST /api/usage/events', () => {
  it('prices each event by the version in force at its timestamp (backdating) and debits whole credits, carrying the rest as pending', async () => {
    const { client, orgId } = await memberWithOrg(t, 'backdater@example.com', 100);
    const res = await client.post('/api/usage/events', {
      events: [
        { id: 'old', meter: 'api.call', quantity: 3, timestamp: ago(20) },
        { id: 'new', meter: 'api.call', quantity: 3 },
        { id: 'tokens', meter: 'llm.m.output_tokens', quantity: 1000, projectId: randomUUID() },
        { id: 'mins', meter: 'minutes', quantity: 1.5 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      { id: 'old', status: 'accepted', credits: 1.5 },
      { id: 'new', status: 'accepted', credits: 3 },
      { id: 'tokens', status: 'accepted', credits: 3 },
      { id: 'mins', status: 'accepted', credits: 1.05 },
    ]);
    // api.call 4.5 → 4 (0.5 pending), tokens 3, minutes 1.05 → 1 (0.05 pending).
    expect(res.body).toMatchObject({ debited: 8, balance: 92, available: 92 });
    expect((await client.get('/api/balance')).body).toEqual({ balance: 92, available: 92, held: 0, pending: { 'api.call': 0.5, minutes: 0.05 } });
    const more = await client.post('/api/usage/events', { events: [{ id: 'half', meter: 'api.call', quantity: 0.5 }] });
    expect(more.body).toMatchObject({ debited: 1, balance: 91 });
    expect((await client.get('/api/balance')).body.pending).toEqual({ minutes: 0.05 });
    const recorded = (await t.app.store.readStream(orgStreamId(orgId))).filter((e) => e.type === 'UsageRecorded');
    expect((recorded[0].data as { items: { id: string; version: number }[] }).items.map((i) => [i.id, i.version])).toEqual([
      ['old', 1],
      ['new', 2],
      ['tokens', 2],
      ['mins', 2],
    ]);
  });

  it('answers a repeated id as a duplicate with its first outcome and changes nothing, in order and concurrently', async () => {
    const { client, orgId } = await memberWithOrg(t, 'repeater@example.com', 1000);
    const batch = calls(20);
    const first = await client.post('/api/usage/events', { events: batch });
    expect(first.body.results.every((r: { status: string }) => r.status === 'accepted')).toBe(true);
    const again = await client.post('/api/usage/events', { events: [...batch.slice(0, 5), { id: 'fresh', meter: 'api.call', quantity: 2 }] });
    expect(again.body.results.slice(0, 5)).toEqual(batch.slice(0, 5).map((e) => ({ id: e.id, status: 'duplicate', credits: 1 })));
    expect(again.body.results[5]).toEqual({ id: 'fresh', status: 'accepted', credits: 2 });
    expect(again.body).toMatchObject({ debited: 2, balance: 978 });
    // The same id twice in one batch: the second is a duplicate of the first.
    const twice = await client.post('/api/usage/events', { events: [{ id: 'x1', meter: 'api.call', quantity: 1 }, { id: 'x1', meter: 'api.call', quantity: 5 }] });
    expect(twice.body.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'duplicate']);

    // Ten clients send the same 50 ids at once (in different orders): each id is accepted once.
    const shared = calls(50);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => client.post('/api/usage/events', { events: i % 2 ? [...shared].reverse() : shared })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const accepted = answers.flatMap((a) => a.body.results.filter((r: { status: string }) => r.status === 'accepted').map((r: { id: string }) => r.id));
    expect(accepted.sort()).toEqual(shared.map((e) => e.id).sort());
    expect(answers.flatMap((a) => a.body.results).every((r: { credits: number }) => r.credits === 1)).toBe(true);
    expect((await client.get('/api/balance')).body.balance).toBe(1000 - 20 - 2 - 1 - 50);
    expect((await debits(orgId)).reduce((a, b) => a + b, 0)).toBe(73);
    const rows = await t.db.query('SELECT count(*)::int AS n FROM usage_event_ids WHERE org_id = $1', [orgId]);
    expect(rows.rows[0].n).toBe(20 + 1 + 1 + 50);
  });

  it('takes an id again once 35 days have passed (a moved clock)', async () => {
    const { userId, orgId } = await memberWithOrg(t, 'forgetful@example.com', 100);
    const deps = { rateCards: new RateCards(t.app.store), credits: t.app.credits };
    const send = (now: number) => ingestUsage(deps, { orgId, userId, events: [{ id: 'monthly', meter: 'api.call', quantity: 1 }], metadata: { actor: 'test' }, now }, 'record');
    expect((await send(Date.now())).results[0].status).toBe('accepted');
    expect((await send(Date.now() + 34 * DAY)).results[0].status).toBe('duplicate');
    expect((await send(Date.now() + 36 * DAY)).results[0].status).toBe('accepted');
    expect((await send(Date.now() + 37 * DAY)).results[0].status).toBe('duplicate');
    expect(await debits(orgId)).toEqual([1, 1]);
  });

  it('remembering an id another writer remembered meanwhile (new or taken over) is a clash: the batch runs again', async () => {
    const orgId = randomUUID();
    const at = new Date().toISOString();
    const cutoff = ago(35);
    const remember = (id: string, stale: string[]) => rememberUsageIds(t.db, orgId, [{ id, outcome: { credits: '1' } }], at, { stale: new Set(stale) }, cutoff);
    await remember('a', []);
    await expect(remember('a', [])).rejects.toBeInstanceOf(DuplicateCommandError);
    // Read as stale, but taken over by another writer since: nothing matches.
    await expect(remember('a', ['a'])).rejects.toBeInstanceOf(DuplicateCommandError);
    await t.db.query('UPDATE usage_event_ids SET recorded_at = $2 WHERE org_id = $1', [orgId, ago(36)]);
    await remember('a', ['a']);
    expect((await t.db.query('SELECT outcome, recorded_at FROM usage_event_ids WHERE org_id = $1', [orgId])).rows).toEqual([{ outcome: { credits: '1' }, recorded_at: new Date(at) }]);
  });

  it('purges ids recorded more than 35 days ago (a moved clock): the row is gone and the id is accepted again', async () => {
    const { userId, orgId } = await memberWithOrg(t, 'purged@example.com', 100);
    const deps = { rateCards: new RateCards(t.app.store), credits: t.app.credits };
    const send = (id: string, now: number) => ingestUsage(deps, { orgId, userId, events: [{ id, meter: 'api.call', quantity: 1 }], metadata: { actor: 'test' }, now }, 'record');
    const ids = async () => (await t.db.query('SELECT event_id FROM usage_event_ids WHERE org_id = $1 ORDER BY event_id', [orgId])).rows.map((r) => r.event_id);
    const now = Date.now();
    expect((await send('old', now)).results[0].status).toBe('accepted');
    expect((await send('recent', now + 30 * DAY)).results[0].status).toBe('accepted');
    // The worker's hourly job, at the real clock: both are inside the window.
    const log = { info() {}, warn() {} } as unknown as Logger;
    await ledgerHandlers({ pool: t.db, store: t.app.store, credits: t.app.credits, log, config: t.app.config })['purge-usage-ids']();
    expect(await ids()).toEqual(['old', 'recent']);
    expect(schedulersOf(t.app.config)).toContainEqual(expect.objectContaining({ queue: 'ledger', job: 'purge-usage-ids' }));

    // 34 days on, nothing goes; 36 days on, the first id is past the window: its row goes, the other stays.
    await purgeUsageIds(t.db, new Date(now + 34 * DAY).toISOString());
    expect(await ids()).toEqual(['old', 'recent']);
    await purgeUsageIds(t.db, new Date(now + 36 * DAY).toISOString());
    expect(await ids()).toEqual(['recent']);
    expect((await send('old', now + 36 * DAY)).results[0].status).toBe('accepted');
    expect((await send('recent', now + 36 * DAY)).results[0].status).toBe('duplicate');
    expect(await ids()).toEqual(['old', 'recent']);
    expect(await debits(orgId)).toEqual([1, 1, 1]);
  });

  it('accepts what the credits cover and refuses the rest of the batch with insufficient_credits; what was accepted stays', async () => {
    const { client, orgId } = await memberWithOrg(t, 'short@example.com', 10);
    const batch = calls(15);
    const res = await client.post('/api/usage/events', { events: batch });
    expect(res.body.results.slice(0, 10).every((r: { status: string }) => r.status === 'accepted')).toBe(true);
    expect(res.body.results.slice(10)).toEqual(batch.slice(10).map((e) => expect.objectContaining({ id: e.id, status: 'rejected', reason: 'insufficient_credits' })));
    expect(res.body).toMatchObject({ debited: 10, balance: 0 });
    // The refused ones were not remembered: once credits are bought they go through.
    await grantCredits(t, orgId, 5);
    const retry = await client.post('/api/usage/events', { events: batch });
    expect(retry.body.results.map((r: { status: string }) => r.status)).toEqual([...Array(10).fill('duplicate'), ...Array(5).fill('accepted')]);
    expect(retry.body.balance).toBe(0);
  });

  it('refuses the rest of a batch with budget_exceeded once a member or project budget is spent', async () => {
    const { client, userId, orgId } = await memberWithOrg(t, 'budgeted@example.com', 100);
    await t.app.credits.setBudget({ orgId, scope: 'member', id: userId, credits: 5, period: 'month' }, { actor: 'test' });
    const res = await client.post('/api/usage/events', { events: calls(8) });
    expect(res.body.results.map((r: { status: string; reason?: string }) => r.reason ?? r.status)).toEqual([...Array(5).fill('accepted'), ...Array(3).fill('budget_exceeded')]);
    expect(res.body).toMatchObject({ debited: 5, balance: 95 });
    const budgets = await t.app.credits.budgets(orgId);
    expect(budgets).toEqual([expect.objectContaining({ scope: 'member', id: userId, spent: 5 })]);
  });

  it('refuses bad events one by one with their reason (never a 500), and too many events or too large a body with 413', async () => {
    const { client } = await memberWithOrg(t, 'sloppy@example.com', 100);
    const res = await client.post('/api/usage/events', {
      events: [
        { id: 'zero', meter: 'api.call', quantity: 0 },
        { id: 'negative', meter: 'api.call', quantity: -2 },
        { id: 'text', meter: 'api.call', quantity: '3' },
        { id: 'fine', meter: 'api.call', quantity: 0.0000001 },
        { id: 'x'.repeat(201), meter: 'api.call', quantity: 1 },
        { id: 'extra', meter: 'api.call', quantity: 1, colour: 'red' },
        { id: 'future', meter: 'api.call', quantity: 1, timestamp: new Date(Date.now() + 10 * 60_000).toISOString() },
        { id: 'ancient', meter: 'api.call', quantity: 1, timestamp: ago(40) },
        { id: 'nometer', meter: 'api.nope', quantity: 1 },
        { id: 'badproject', meter: 'api.call', quantity: 1, projectId: 'p' },
        'not an event',
        { id: 'ok', meter: 'api.call', quantity: 1, properties: { model: 'x' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: { reason?: string; status: string }) => r.reason ?? r.status)).toEqual([
      'invalid_quantity',
      'invalid_quantity',
      'invalid_quantity',
      'invalid_quantity',
      'invalid_id',
      'unknown_field',
      'timestamp_in_future',
      'timestamp_too_old',
      'unknown_meter',
      'invalid_project',
      'invalid_event',
      'accepted',
    ]);
    expect(res.body.results.every((r: { status: string; message?: string }) => r.status === 'accepted' || r.message)).toBe(true);
    const tooMany = await client.post('/api/usage/events', { events: calls(1001) });
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe('At most 1,000 events per request');
    const huge = await client.post('/api/usage/events', { events: [{ id: 'big', meter: 'api.call', quantity: 1, properties: { blob: 'x'.repeat(3 * 1024 * 1024) } }] });
    expect(huge.status).toBe(413);
    expect((await client.post('/api/usage/events', { events: 'nope' })).status).toBe(400);
    expect((await client.get('/api/balance')).body.balance).toBe(99);
  });

  it('takes usage from an API key', async () => {
    const { client } = await memberWithOrg(t, 'keyed-usage@example.com', 10);
    const { key } = (await client.post('/api/me/api-keys', { name: 'server' })).body;
    const keyed = new Client(t.url);
    const res = await keyed.request('POST', '/api/usage/events', { events: calls(2) }, { authorization: `Bearer ${key}` });
    expect(res.body).toMatchObject({ debited: 2, balance: 8 });
    expect((await keyed.request('GET', '/api/rate-card', undefined, { authorization: `Bearer ${key}` })).body.version).toBe(2);
  });

  it('debits, over any sequence of batches, each meter’s exact total rounded down (property, through the API)', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.record({ tokens: fc.boolean(), quantity: fc.integer({ min: 1, max: 3000 }) }), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        async (batches) => {
          const { client } = await memberWithOrg(t, `prop-${n++}-${randomUUID().slice(0, 6)}@example.com`, 100_000);
          const exact = { 'llm.m.output_tokens': 0, minutes: 0 }; // in thousandths
          for (const batch of batches) {
            const events = batch.map((e) => {
              const meter = e.tokens ? 'llm.m.output_tokens' : 'minutes';
              exact[meter] += e.tokens ? e.quantity * 3 : e.quantity * 700;
              return { id: randomUUID(), meter, quantity: e.quantity };
            });
            expect((await client.post('/api/usage/events', { events })).status).toBe(200);
          }
          const floors = Math.floor(exact['llm.m.output_tokens'] / 1000) + Math.floor(exact.minutes / 1000);
          const balance = (await client.get('/api/balance')).body;
          expect(balance.balance).toBe(100_000 - floors);
          const pending = Object.fromEntries(Object.entries(exact).filter(([, v]) => v % 1000).map(([k, v]) => [k, (v % 1000) / 1000]));
          expect(balance.pending).toEqual(pending);
        },
      ),
      { numRuns: 8 },
    );
  });
});

describe('POST /api/usage/quote', () => {
  it('answers what the events would cost now, spending nothing, equal to what they are then charged', async () => {
    const { client } = await memberWithOrg(t, 'quoter@example.com', 50);
    await client.post('/api/usage/events', { events: [{ id: 'before', meter: 'minutes', quantity: 1 }] }); // 0.7: 0 debited, 0.7 pending
    const events = [...calls(3), { id: 'm', meter: 'minutes', quantity: 1 }, { id: 'before', meter: 'minutes', quantity: 1 }, { id: 'bad', meter: 'nope', quantity: 1 }];
    const quote = await client.post('/api/usage/quote', { events });
    expect(quote.body).toMatchObject({ debited: 4, credits: 3.7, balance: 46 });
    expect(quote.body.results.map((r: { status: string }) => r.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted', 'duplicate', 'rejected']);
    expect((await client.get('/api/balance')).body).toMatchObject({ balance: 50, pending: { minutes: 0.7 } });
    const charged = await client.post('/api/usage/events', { events });
    expect(charged.body).toEqual(quote.body);
  });

  it('quotes and the balance read the stream again when another process moved it since this one kept its state', async () => {
    const { client, orgId } = await memberWithOrg(t, 'quote-moved@example.com', 10);
    await client.post('/api/usage/events', { events: [{ id: 'kept', meter: 'api.call', quantity: 1 }] }); // 9 left, the state kept in the API
    // Another process's store grants 100: this process is not told.
    const grant = { orgId, lotId: randomUUID(), amount: 100, source: 'purchase', priority: 10, expiresAt: null, kind: 'purchase', description: 'elsewhere', key: null, balanceAfter: 109, at: new Date().toISOString() };
    await new EventStore(t.db).append(orgStreamId(orgId), [{ type: 'CreditsGranted', data: grant }], { expected: 'any' });
    const quote = await client.post('/api/usage/quote', { events: [{ id: 'next', meter: 'api.call', quantity: 20 }] });
    expect(quote.body).toMatchObject({ debited: 20, balance: 89, available: 89 });
    expect(quote.body.results).toEqual([{ id: 'next', status: 'accepted', credits: 20 }]);
    expect((await client.get('/api/balance')).body).toMatchObject({ balance: 109, available: 109 });
  });
});

describe('the rate card kept in the process', () => {
  it('records a batch of an organization the process keeps in five statements: the read of its ids and the rate card\'s versions, the append and the ids, in one transaction', async () => {
    const { userId, orgId } = await memberWithOrg(t, 'five-trips@example.com', 100);
    const pool = createPool(t.config.DATABASE_URL, 2);
    const statements = countStatements(pool);
    try {
      const store = new EventStore(pool);
      const deps = { rateCards: new RateCards(store), credits: createOrgCredits({ store, metrics: { commands: 0, retries: 0 } }) };
      const send = () => ingestUsage(deps, { orgId, userId, events: calls(10), metadata: { actor: 'test' } }, 'record');
      expect((await send()).debited).toBe(10); // api.call costs 1 (version 2); the organization's state and the card are kept from here on
      const before = statements();
      const answer = await send();
      expect(answer.results.map((r) => r.status)).toEqual(Array(10).fill('accepted'));
      expect(statements() - before).toBe(5);
    } finally {
      await pool.end();
    }
  });

  it('prices quotes and batches by a version another process published since it was kept (a moved clock)', async () => {
    const { userId, orgId } = await memberWithOrg(t, 'card-moved@example.com', 100);
    const deps = { rateCards: new RateCards(t.app.store), credits: t.app.credits };
    const later = Date.now() + 50 * DAY;
    const send = (id: string, mode: 'record' | 'quote') =>
      ingestUsage(deps, { orgId, userId, events: [{ id, meter: 'api.call', quantity: 1 }, { id: `${id}-new`, meter: 'api.new', quantity: 1 }], metadata: { actor: 'test' }, now: later }, mode);
    const costs = (answer: Awaited<ReturnType<typeof send>>) => answer.results.map((r) => r.credits ?? r.reason);
    expect(costs(await send('a', 'quote'))).toEqual([1, 'unknown_meter']);
    expect(costs(await send('a', 'record'))).toEqual([1, 'unknown_meter']);
    // Version 3, in force 40 days on (api.call costs 2, api.new 3), appended by another process's store: this one is not told.
    const v3 = { version: 3, effectiveFrom: new Date(Date.now() + 40 * DAY).toISOString(), entries: [entry('api.call', 2), entry('api.new', 3)], publishedAt: new Date().toISOString(), publishedBy: null };
    await new EventStore(t.db).append(RATE_CARD_STREAM, [{ type: 'RateCardPublished', data: v3 }], { expected: 'any' });
    expect(costs(await send('b', 'quote'))).toEqual([2, 3]);
    expect(costs(await send('b', 'record'))).toEqual([2, 3]);
    expect(await debits(orgId)).toEqual([1, 5]);
  });
});

describe('POST /api/admin/rate-cards/backtest', () => {
  it('replays the usage of a period from the log: what each organization was charged and what a draft would have charged', async () => {
    const { client, orgId } = await memberWithOrg(t, 'backtested@example.com', 100);
    await client.post('/api/usage/events', {
      events: [
        { id: 'b1', meter: 'api.call', quantity: 4, timestamp: ago(20) }, // v1: 2
        { id: 'b2', meter: 'api.call', quantity: 4 }, // v2: 4
        { id: 'b3', meter: 'minutes', quantity: 10 }, // 7
      ],
    });
    const draft = { entries: [entry('api.call', 2)] };
    const res = await admin.post('/api/admin/rate-cards/backtest', { draft, from: ago(25), to: new Date(Date.now() + 60_000).toISOString() });
    expect(res.status).toBe(200);
    const row = res.body.orgs.find((o: { orgId: string }) => o.orgId === orgId);
    expect(row).toEqual({ orgId, name: expect.any(String), events: 3, charged: 13, draft: 16, difference: 3, unpriced: 1 });
    const recent = await admin.post('/api/admin/rate-cards/backtest', { draft, from: ago(5), to: new Date(Date.now() + 60_000).toISOString() });
    expect(recent.body.orgs.find((o: { orgId: string }) => o.orgId === orgId)).toMatchObject({ events: 2, charged: 11, draft: 8 });
    expect((await client.post('/api/admin/rate-cards/backtest', { draft, from: ago(5), to: ago(1) })).status).toBe(403);
    expect((await admin.post('/api/admin/rate-cards/backtest', { draft: { entries: [entry('api.call', -1)] }, from: ago(5), to: ago(1) })).status).toBe(400);
  });

  it("leaves a usage event on a model's meter the draft does not name unpriced (ingestion would refuse it), though the draft prices llm.default", async () => {
    const { client, orgId } = await memberWithOrg(t, 'backtested-tokens@example.com', 100);
    const sent = await client.post('/api/usage/events', { events: [{ id: 't1', meter: 'llm.m.output_tokens', quantity: 1000 }] });
    expect(sent.body.results[0].status).toBe('accepted');
    const draft = { entries: [entry('api.call', 2), entry('llm.default.output_tokens', 0.01)] };
    const res = await admin.post('/api/admin/rate-cards/backtest', { draft, from: ago(1), to: new Date(Date.now() + 60_000).toISOString() });
    expect(res.body.orgs.find((o: { orgId: string }) => o.orgId === orgId)).toMatchObject({ events: 1, charged: 3, draft: 0, unpriced: 1 });
  });
});

describe('the usage explorer', () => {
  it('shows a member their usage per meter and day, of one project or all, and as CSV', async () => {
    const { client } = await memberWithOrg(t, 'explorer@example.com', 100);
    const project = randomUUID();
    const day = (d: number) => ago(d).slice(0, 10);
    await client.post('/api/usage/events', {
      events: [
        { id: 'e1', meter: 'api.call', quantity: 2, timestamp: ago(3), projectId: project },
        { id: 'e2', meter: 'api.call', quantity: 1, timestamp: ago(3) },
        { id: 'e3', meter: 'minutes', quantity: 1.5, projectId: project },
      ],
    });
    // Summed exactly per day, meter and project (0.1 + 0.2 is not 0.3 in floating point).
    await client.post('/api/usage/events', { events: [{ id: 'e4', meter: 'minutes', quantity: 0.1 }, { id: 'e5', meter: 'minutes', quantity: 0.2 }] });
    await waitFor('the read models to catch up', () => projectionsCaughtUp(t.db));
    const all = await client.get('/api/me/usage');
    expect(all.body.data).toEqual([
      { day: day(3), meter: 'api.call', quantity: 3, credits: 3, events: 2 },
      { day: day(0), meter: 'minutes', quantity: 1.8, credits: 1.26, events: 3 },
    ]);
    const one = await client.get(`/api/me/usage?projectId=${project}`);
    expect(one.body.data.map((r: { quantity: number }) => r.quantity)).toEqual([2, 1.5]);
    const csv = await client.get(`/api/me/usage/export?projectId=${project}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toBe(`day,meter,quantity,credits,events\n${day(3)},api.call,2,2,1\n${day(0)},minutes,1.5,1.05,1\n`);
  });
});
