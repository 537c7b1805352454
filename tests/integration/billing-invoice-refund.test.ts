import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/app.ts';
import { signInAdmin } from '../support/identity.ts';
import { grantCredits, memberWithOrg } from '../support/orgs.ts';
import { orgStreamId } from '../../services/orgs/events.ts';
import { createPlans, eventually, fixtureEvent, PRO_PLAN, postEvent, settled } from './stripe-support.ts';

/** Refunds of subscription invoices, matched through the invoice's payments (API 2025-03-31+) to the period they paid. */
let t: TestApp;

beforeAll(async () => {
  t = await startApp();
  await createPlans(await signInAdmin(t.url), PRO_PLAN);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const balance = (orgId: string) => t.db.query('SELECT credit_balance::int AS b FROM orgs WHERE id = $1', [orgId]).then((r) => r.rows[0].b as number);
const untilBalance = (orgId: string, b: number) => eventually(() => balance(orgId), (v) => v === b, 15_000);
const sfx = () => randomUUID().replaceAll('-', '').slice(0, 8);

/** invoice.paid of the fixtures, with its payments list as Stripe expands it: one paid payment intent. */
function paidInvoice(orgId: string, paymentIntentId: string) {
  const event = fixtureEvent('invoice.paid.json', orgId, sfx(), { fresh: true });
  event.data.object.payments = {
    object: 'list',
    data: [{ id: `inpay_${sfx()}`, object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: paymentIntentId } }],
  };
  return event;
}

/** charge.refunded of the fixtures, for that payment intent, refunded up to `amountRefunded` cents. */
function refunded(orgId: string, paymentIntentId: string, chargeId: string, amountRefunded: number) {
  const event = fixtureEvent('charge.refunded.json', orgId, sfx());
  Object.assign(event.data.object, { id: chargeId, payment_intent: paymentIntentId, amount: 2000, amount_captured: 2000, amount_refunded: amountRefunded });
  return event;
}

const send = async (event: Record<string, any>) => {
  expect((await postEvent(t.url, event, t.config.STRIPE_WEBHOOK_SECRET)).status).toBe(200);
  return (await settled(t, [event.id]))[event.id];
};

const revocations = (orgId: string) =>
  t.db
    .query(`SELECT (data->>'amount')::int AS amount, (data->>'shortfall')::int AS shortfall FROM events WHERE stream_id = $1 AND type = 'CreditsRevoked' ORDER BY global_position`, [orgStreamId(orgId)])
    .then((r) => r.rows);

describe('refund of a subscription invoice', () => {
  it("takes back its share of that period's credits, from that period's lot only, once per refunded amount", async () => {
    const { orgId } = await memberWithOrg(t, `refund-${sfx()}@example.com`);
    const pi = `pi_${sfx()}`;
    expect(await send(paidInvoice(orgId, pi))).toBe('processed');
    await grantCredits(t, orgId, 300); // another grant: not the refund's to take
    await untilBalance(orgId, 1300);

    // Half of the $20 refunded: half of the 1000 monthly credits. Redelivered: nothing more.
    const half = refunded(orgId, pi, `ch_${sfx()}`, 1000);
    expect(await send(half)).toBe('processed');
    expect((await postEvent(t.url, half, t.config.STRIPE_WEBHOOK_SECRET)).body.duplicate).toBe(true);
    expect(await untilBalance(orgId, 800)).toBe(800);

    // Then the rest: the other 500.
    const full = refunded(orgId, pi, half.data.object.id, 2000);
    expect(await send(full)).toBe('processed');
    expect(await untilBalance(orgId, 300)).toBe(300);
    expect(await revocations(orgId)).toEqual([
      { amount: 500, shortfall: 0 },
      { amount: 500, shortfall: 0 },
    ]);
  });

  it('never below zero: what the period lot no longer holds is recorded as the shortfall', async () => {
    const { orgId } = await memberWithOrg(t, `short-${sfx()}@example.com`);
    const pi = `pi_${sfx()}`;
    expect(await send(paidInvoice(orgId, pi))).toBe('processed');
    await grantCredits(t, orgId, 300);
    await untilBalance(orgId, 1300);
    // 1200 spent: the lot expiring first (the period's) goes first, then 200 of the other.
    await t.app.credits.debit({ orgId, credits: 1200, description: 'spent', idempotencyKey: randomUUID(), userId: null, metadata: { actor: 'test' } });
    await untilBalance(orgId, 100);
    expect(await send(refunded(orgId, pi, `ch_${sfx()}`, 2000))).toBe('processed');
    const [revoked] = await revocations(orgId);
    expect(revoked.amount + revoked.shortfall).toBe(1000);
    expect(revoked.shortfall).toBeGreaterThan(0);
    // The other grant's 100 are not the refund's to take.
    expect(await eventually(() => balance(orgId), (b) => b !== 100, 1000)).toBe(100);
  });
});
