import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { StripeEventEnvelope } from './events.ts';
import { interpret } from './interpret.ts';

const dir = new URL('../../tests/fixtures/stripe/', import.meta.url);
const fixture = (name: string) => JSON.parse(readFileSync(new URL(name, dir), 'utf8')) as StripeEventEnvelope;
const ORG = '7f3c2a1e-4b5d-4e6f-8a9b-0c1d2e3f4a5b';

describe('interpret (Stripe event -> what it asks of us)', () => {
  it('reads a paid subscription checkout from the metadata keys the app sets', () => {
    expect(interpret(fixture('checkout.session.completed.subscription.json'))).toEqual({
      kind: 'checkout',
      sessionId: 'cs_test_b1Kq3mT8vWpZ2xYc4nR6sL0aDfGh7JkEuIoPqW9zXcVbN5mA2sD8fG1hJ',
      mode: 'subscription',
      orgId: ORG,
      userId: '2b4d6f8a-1c3e-4a5b-9d7f-6e5c4b3a2f1e',
      planId: 'plan-pro-monthly',
      subscriptionId: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
      paymentIntentId: null,
      customerId: 'cus_QXg1o8vcGmoR32',
      amount: 2000,
      currency: 'usd',
      periodEnd: null,
    });
  });

  it('reads the first period\'s end from an expanded subscription of a checkout', () => {
    const event = fixture('checkout.session.completed.subscription.json');
    event.data.object.subscription = { id: 'sub_1', items: { data: [{ current_period_end: 1790000000 }] } };
    expect(interpret(event)).toMatchObject({ kind: 'checkout', subscriptionId: 'sub_1', periodEnd: 1790000000 });
  });

  it('accepts the snake_case metadata keys of older integrations', () => {
    const event = fixture('checkout.session.completed.subscription.json');
    const { orgId, userId, planId } = event.data.object.metadata as Record<string, string>;
    event.data.object.metadata = { org_id: orgId, user_id: userId, plan_id: planId };
    event.data.object.client_reference_id = null;
    expect(interpret(event)).toMatchObject({ kind: 'checkout', orgId: ORG, userId: '2b4d6f8a-1c3e-4a5b-9d7f-6e5c4b3a2f1e', planId: 'plan-pro-monthly' });
  });

  it('ignores a checkout whose delayed payment has not arrived, and reads the later success', () => {
    const unpaid = fixture('checkout.session.completed.payment.json');
    unpaid.data.object.payment_status = 'unpaid';
    expect(interpret(unpaid).kind).toBe('ignore');
    expect(interpret(fixture('checkout.session.async_payment_succeeded.payment.json'))).toMatchObject({
      kind: 'checkout',
      mode: 'payment',
      paymentIntentId: 'pi_1PgbAsB7WZ01zgkW7Qm2xR9c',
      amount: 4900,
    });
  });

  it('tells the first invoice from a renewal, and takes the period from the subscription line', () => {
    expect(interpret(fixture('invoice.paid.subscription_create.json'))).toMatchObject({ kind: 'period', first: true, periodStart: null, periodEnd: 1787678445 });
    expect(interpret(fixture('invoice.paid.json'))).toEqual({
      kind: 'period',
      first: false,
      orgId: ORG,
      planId: 'plan-pro-monthly',
      subscriptionId: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw',
      periodStart: 1787678445,
      periodEnd: 1790270445,
      invoiceId: 'in_1PgdR2B7WZ01zgkWq5sYtN3e',
      payment: null,
    });
  });

  it("reads what paid an invoice: its payments list (API 2025-03-31+), or its payment_intent before", () => {
    const withPayments = fixture('invoice.paid.json');
    withPayments.data.object.payments = { object: 'list', data: [{ object: 'invoice_payment', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_paid' } }] };
    expect(interpret(withPayments)).toMatchObject({ kind: 'period', payment: { paymentIntentId: 'pi_paid', amount: 2000, currency: 'usd' } });
    const legacy = fixture('invoice.paid.json');
    legacy.data.object.payment_intent = { id: 'pi_legacy' };
    expect(interpret(legacy)).toMatchObject({ payment: { paymentIntentId: 'pi_legacy' } });
  });

  it('ends a deleted subscription, reads one scheduled to cancel as an update', () => {
    expect(interpret(fixture('customer.subscription.deleted.json'))).toEqual({ kind: 'ended', subscriptionId: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw', orgId: ORG });
    expect(interpret(fixture('customer.subscription.updated.json'))).toMatchObject({
      kind: 'updated', subscriptionId: 'sub_1Pgc6rB7WZ01zgkWNy0Cn5nw', orgId: ORG, planId: 'plan-pro-monthly', pendingPlanId: null, status: 'active', cancelAtPeriodEnd: true,
    });
  });

  it('reads a refunded charge by its payment intent; other types are ignored', () => {
    expect(interpret(fixture('charge.refunded.json'))).toEqual({
      kind: 'refund',
      chargeId: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      paymentIntentId: 'pi_1PgafyB7WZ01zgkWSjxsAJo3',
      amountRefunded: 4900,
    });
    expect(interpret(fixture('refund.created.json'))).toEqual({ kind: 'ignore', reason: 'event type refund.created is not handled' });
  });

  it('calls a checkout without our metadata invalid', () => {
    const event = fixture('checkout.session.completed.payment.json');
    event.data.object.metadata = {};
    event.data.object.client_reference_id = null;
    expect(interpret(event)).toMatchObject({ kind: 'invalid' });
  });
});
