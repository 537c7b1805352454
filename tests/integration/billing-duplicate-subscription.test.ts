import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { memberWithOrg } from '../support/orgs.ts';
import { countEvents, createPlans, eventually, fixtureEvent, postEvent, PRO_PLAN, settled } from './stripe-support.ts';

/**
 * Issue 23 item 2: two completed subscription checkouts for one organization (a race the checkout
 * lock does not see, or a checkout made outside the product) must not leave two live subscriptions.
 */
const secret = 'whsec_duplicate_subscription_secret';
let t: TestApp;

beforeAll(async () => {
  t = await startApp({ env: { STRIPE_WEBHOOK_SECRET: secret } });
  await createPlans(await signInAdmin(t.url), PRO_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function deliver(...events: Record<string, any>[]) {
  for (const event of events) {
    expect((await postEvent(t.url, event, secret)).status).toBe(200);
    await settled(t, [event.id]);
  }
}

type Billing = {
  plan: { subscriptionId: string | null } | null;
  subscriptions: { subscriptionId: string; status: string }[];
  replaced: { subscriptionId: string; keptSubscriptionId: string; refundCents: number; creditsRevoked: number; planId: string | null }[];
};

describe('a second live subscription', () => {
  it('keeps the newer, ends the older at once, refunds its unused part, revokes its unspent credits and records it', async () => {
    const { client, orgId } = await memberWithOrg(t, `twice-${randomUUID().slice(0, 6)}@example.com`);
    const first = `a${randomUUID().slice(0, 6)}`;
    const second = `b${randomUUID().slice(0, 6)}`;
    const older = fixtureEvent('checkout.session.completed.subscription.json', orgId, first, { fresh: true });
    await deliver(older, fixtureEvent('invoice.paid.subscription_create.json', orgId, first, { fresh: true }));
    const olderSub = older.data.object.subscription as string;
    // 1,000 monthly + 200 one-time; 100 spent (taken from the one-time lot first, then the month's).
    await eventually(() => client.get('/api/me/credits').then((r) => r.body.balance), (b) => b === 1200);
    expect((await client.post('/api/usage', { credits: 100, description: 'work', idempotencyKey: 'w1' })).status).toBe(200);
    // Its payment must be known before the second checkout (the refund is computed from it).
    await eventually(() => t.db.query('SELECT 1 FROM payment_transactions WHERE subscription_id = $1', [olderSub]).then((r) => r.rowCount), (n) => n === 1);

    const newer = fixtureEvent('checkout.session.completed.subscription.json', orgId, second, { fresh: true });
    await deliver(newer);
    const newerSub = newer.data.object.subscription as string;
    expect(newerSub).not.toBe(olderSub);

    const billing = await eventually(
      () => client.get('/api/me/billing').then((r) => r.body as Billing),
      (b) => b.plan?.subscriptionId === newerSub,
    );
    expect(billing.subscriptions.filter((s) => s.status === 'active').map((s) => s.subscriptionId)).toEqual([newerSub]);
    expect(billing.subscriptions.find((s) => s.subscriptionId === olderSub)?.status).toBe('canceled');
    expect(billing.replaced).toHaveLength(1);
    const [replaced] = billing.replaced;
    expect(replaced).toMatchObject({ subscriptionId: olderSub, keptSubscriptionId: newerSub, planId: PRO_PLAN.id });
    // Most of a fresh month is unused: most of the $20 comes back.
    expect(replaced.refundCents).toBeGreaterThan(1800);
    expect(replaced.refundCents).toBeLessThanOrEqual(2000);
    // The older month's lot loses what was left of it; the newer subscription's credits stay.
    const monthly = await t.db.query(
      `SELECT (data->>'amount')::int AS n FROM events WHERE stream_id = $1 AND type = 'CreditsRevoked' AND data->>'description' LIKE 'Unspent credits of a replaced subscription%'`,
      [`org-${orgId}`],
    );
    expect(monthly.rows.map((r) => r.n)).toEqual([replaced.creditsRevoked]);
    expect(replaced.creditsRevoked).toBeGreaterThan(0);
    const credits = (await client.get('/api/me/credits')).body;
    expect(credits.balance).toBe(1200 - 100 + 1200 - replaced.creditsRevoked);
    expect(await countEvents(t, `org-${orgId}`, 'SubscriptionReplaced')).toBe(1);
    // The admin's Stripe log says so in the app's words: money as money, credits with separators.
    const logged = await t.db.query(`SELECT data->>'summary' AS summary FROM events WHERE stream_id = $1 AND type = 'StripeEventProcessed'`, [`stripe_event-${newer.id}`]);
    const money = `$${(replaced.refundCents / 100).toFixed(2)}`;
    expect(logged.rows[0].summary).toContain(`replaced ${olderSub} (refunded ${money}, revoked ${replaced.creditsRevoked.toLocaleString('en-US')} credits)`);

    // The older checkout delivered again changes nothing (and never ends the newer).
    await deliver({ ...older, id: `${older.id}-again` });
    const after = (await client.get('/api/me/billing')).body as Billing;
    expect(after.subscriptions.filter((s) => s.status === 'active').map((s) => s.subscriptionId)).toEqual([newerSub]);
    expect(after.replaced).toHaveLength(1);
  });
});
