import type { FastifyInstance } from 'fastify';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import { orgDecider } from '../../orgs/decider.ts';
import { orgStreamId } from '../../orgs/events.ts';
import type { StripeEventEnvelope } from '../events.ts';
import { loadState } from '../../eventstore/command-handler.ts';
import { deliver, MONTH_SECONDS, simId, unixNow } from './deliver.ts';
import { chargeRefunded, invoicePaid, subscriptionDeleted } from './events.ts';
import { planDecider } from '../../plans/decider.ts';
import { planStreamId, priceCents } from '../../plans/events.ts';
import { lastCheckoutPayment, subscriptionCustomer } from '../../../projections/payments/queries.ts';

export type TestEventKind = 'renewal' | 'cancellation' | 'refund';

/** Builds the event Stripe would send for an org's renewal, cancellation or refund. */
export async function buildTestEvent(app: FastifyInstance, orgId: string, kind: TestEventKind): Promise<StripeEventEnvelope> {
  const org = await loadState(app.store, orgDecider, orgStreamId(orgId));
  if (!org.exists) throw new NotFoundError('Organization');
  const ids = { eventId: simId('evt'), created: unixNow() };
  if (kind === 'refund') {
    const payment = await lastCheckoutPayment(app.pg, orgId);
    if (!payment) throw new ValidationError('This organization has no one-time payment to refund', 'orgId');
    const metadata = { orgId, userId: payment.user_id ?? '', planId: payment.plan_id ?? '' };
    return chargeRefunded(ids, {
      chargeId: `ch_${payment.payment_intent.replace(/^pi_/, '')}`,
      paymentIntentId: payment.payment_intent,
      amount: payment.amount_total,
      amountRefunded: payment.amount_total,
      currency: payment.currency,
      metadata,
    });
  }
  const subscriptionId = org.plan?.subscriptionId;
  if (!org.plan || !subscriptionId) throw new ValidationError('This organization has no monthly subscription', 'orgId');
  const metadata = { orgId, userId: '', planId: org.plan.planId };
  const customer = (await subscriptionCustomer(app.pg, subscriptionId)) ?? simId('cus');
  if (kind === 'cancellation') return subscriptionDeleted(ids, { subscriptionId, customer, metadata });
  const plan = await loadState(app.store, planDecider, planStreamId(org.plan.planId));
  return invoicePaid(ids, {
    invoiceId: simId('in'),
    customer,
    subscriptionId,
    amount: plan.exists ? priceCents(plan) : 0,
    currency: 'usd',
    billingReason: 'subscription_cycle',
    periodStart: ids.created,
    periodEnd: ids.created + MONTH_SECONDS,
    metadata,
  });
}

export async function sendTestEvent(app: FastifyInstance, orgId: string, kind: TestEventKind): Promise<StripeEventEnvelope> {
  const event = await buildTestEvent(app, orgId, kind);
  await deliver(app, event);
  return event;
}
