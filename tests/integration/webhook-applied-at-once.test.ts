import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripeEventStreamId } from '../../services/billing/events.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { stripeEventJobId } from '../../services/platform/jobs.ts';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, fixtureEvent, PACK_PLAN, postEvent, PRO_PLAN } from './stripe-support.ts';

// The Stripe events' queue is paused (the read models' workers run): what the webhook's answer finds
// done, the API did before it answered, and what it left to the worker waits in the queue.
let t: TestApp;
const secret = 'whsec_applied_at_once';

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  await t.app.queues['stripe-webhooks'].pause();
  await createPlans(await signInAdmin(t.url), PRO_PLAN, PACK_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const lastEventOf = (streamId: string) =>
  t.db.query('SELECT type FROM events WHERE stream_id = $1 ORDER BY stream_position DESC LIMIT 1', [streamId]).then((r) => r.rows[0]?.type as string | undefined);
const queued = (eventId: string) => t.app.queues['stripe-webhooks'].getJob(stripeEventJobId(eventId));

/** A fixture's event for the organization, delivered signed; answered 200 `{ received: true }`. */
async function deliver(fixture: string, orgId: string) {
  const event = fixtureEvent(fixture, orgId, randomUUID().slice(0, 6), { fresh: true });
  const answer = await postEvent(t.url, event, secret);
  expect(answer.status).toBe(200);
  expect(answer.body).toEqual({ received: true });
  return event;
}

describe('a Stripe event whose application asks Stripe nothing', () => {
  it('is stored and applied in one commit before the webhook answers: the credits are granted and the event marked processed, with no job left for the worker', async () => {
    const { orgId } = await memberWithOrg(t, `at-once-${randomUUID().slice(0, 6)}@example.com`);
    const event = await deliver('checkout.session.completed.payment.json', orgId);
    expect(await lastEventOf(stripeEventStreamId(event.id))).toBe('StripeEventProcessed');
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
    // Its receipt and its effects were one commit: one transaction wrote them all.
    const written = await t.db.query('SELECT type, transaction_id::text AS tx FROM events WHERE stream_id = ANY($1) ORDER BY global_position', [[stripeEventStreamId(event.id), orgStreamId(orgId)]]);
    const types = written.rows.map((r) => r.type);
    expect(types).toEqual(expect.arrayContaining(['StripeEventReceived', 'CreditsGranted', 'StripeEventProcessed']));
    const tx = (type: string) => written.rows.find((r) => r.type === type)!.tx;
    expect(new Set([tx('StripeEventReceived'), tx('CreditsGranted'), tx('StripeEventProcessed')]).size).toBe(1);
    const granted = await t.db.query("SELECT (data->>'amount')::int AS amount FROM events WHERE stream_id = $1 AND type = 'CreditsGranted'", [orgStreamId(orgId)]);
    expect(granted.rows).toEqual([{ amount: 500 }]);
    expect(await queued(event.id)).toBeUndefined();
    // A redelivery stores nothing and grants nothing again.
    expect((await postEvent(t.url, event, secret)).body).toEqual({ received: true, duplicate: true });
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(1);
  });

  it('one that cannot be applied (an unknown organization) is stored alone and handed to the worker, and nothing is granted', async () => {
    const ghost = randomUUID();
    const event = await deliver('checkout.session.completed.payment.json', ghost);
    expect(await lastEventOf(stripeEventStreamId(event.id))).toBe('StripeEventReceived');
    expect(await countEvents(t, orgStreamId(ghost), 'CreditsGranted')).toBe(0);
    expect((await queued(event.id))?.data).toEqual({ eventId: event.id });
  });
});

describe('a Stripe event whose application may call Stripe', () => {
  it("a subscription's checkout (which ends older subscriptions) is stored and left to the worker", async () => {
    const { orgId } = await memberWithOrg(t, `later-${randomUUID().slice(0, 6)}@example.com`);
    const event = await deliver('checkout.session.completed.subscription.json', orgId);
    expect(await lastEventOf(stripeEventStreamId(event.id))).toBe('StripeEventReceived');
    expect(await countEvents(t, orgStreamId(orgId), 'CreditsGranted')).toBe(0);
    expect((await queued(event.id))?.data).toEqual({ eventId: event.id });
  });
});
