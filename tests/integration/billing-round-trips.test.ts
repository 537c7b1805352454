import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyStripeEvent } from '../../services/billing/apply.ts';
import { stripeEventDecider } from '../../services/billing/decider.ts';
import { stripeEventStreamId, type StripeEventEnvelope } from '../../services/billing/events.ts';
import { handleCommand } from '../../services/eventstore/command-handler.ts';
import { EventStore } from '../../services/eventstore/store.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { createOrgCredits } from '../../services/orgs/stream.ts';
import { createPool } from '../../services/platform/pool.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { countStatements } from '../support/db.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, fixtureEvent, PACK_PLAN, PRO_PLAN } from './stripe-support.ts';

// Round trips to Postgres per applied Stripe event, counted on a pool of the test's own (as the
// bench's counting pool counts them): a count, never a time. Issue 26: ≤ 5 for a one-time purchase,
// ≤ 7 for a subscription's start; an event applied again costs no more.
let t: TestApp;
let pool: pg.Pool;
let statements: () => number;
let packOrg: string;
let subscriptionOrg: string;

beforeAll(async () => {
  t = await startApp();
  await createPlans(await signInAdmin(t.url), PRO_PLAN, PACK_PLAN);
  packOrg = (await memberWithOrg(t, `trips-pack-${randomUUID().slice(0, 6)}@example.com`)).orgId;
  subscriptionOrg = (await memberWithOrg(t, `trips-sub-${randomUUID().slice(0, 6)}@example.com`)).orgId;
  // The workers stop: nothing but this file applies the events it stores (the inbox's sweep would race it).
  await t.workers?.close();
  pool = createPool(t.config.DATABASE_URL, 4);
  statements = countStatements(pool);
}, 120_000);

afterAll(async () => {
  await pool?.end();
  await t?.close();
});

/** Stores the event as the webhook does, then applies it on the counting pool: the statements the application sent. */
async function roundTrips(event: Record<string, any>): Promise<{ statements: number; summary: string }> {
  const store = new EventStore(pool);
  const deps = { pool, store, credits: createOrgCredits({ store, metrics: { commands: 0, retries: 0 } }) };
  await handleCommand(store, stripeEventDecider, stripeEventStreamId(event.id), { type: 'ReceiveStripeEvent', data: { event: event as StripeEventEnvelope, at: new Date().toISOString() } }, { metadata: { actor: 'stripe' } });
  const before = statements();
  const applied = await applyStripeEvent(deps, event as StripeEventEnvelope);
  if (applied.status !== 'processed') throw new Error(`not processed: ${applied.reason}`);
  return { statements: statements() - before, summary: applied.summary };
}

describe('round trips per Stripe event', () => {
  it('a one-time pack purchase costs at most 5, and applying it again no more', async () => {
    const orgId = packOrg;
    const event = fixtureEvent('checkout.session.completed.payment.json', orgId, `_${randomUUID().slice(0, 8)}`, { fresh: true });
    const first = await roundTrips(event);
    expect(first.summary).toContain('granted 500 credits');
    expect(first.statements).toBeLessThanOrEqual(5);
    const again = await roundTrips(event);
    expect(again.statements).toBeLessThanOrEqual(5);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
  });

  it("a subscription's start costs at most 7", async () => {
    const orgId = subscriptionOrg;
    const event = fixtureEvent('checkout.session.completed.subscription.json', orgId, `_${randomUUID().slice(0, 8)}`, { fresh: true });
    const first = await roundTrips(event);
    expect(first.summary).toContain('subscribed to Pro');
    expect(first.statements).toBeLessThanOrEqual(7);
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(2);
  });
});
