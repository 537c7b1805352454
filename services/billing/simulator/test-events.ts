import type { FastifyInstance } from 'fastify';
import { NotFoundError, ValidationError } from '../../platform/errors.ts';
import type { StripeEventEnvelope } from '../events.ts';
import { loadState } from '../../eventstore/command-handler.ts';
import { deliver, MONTH_SECONDS, simId, unixNow } from './deliver.ts';
import { chargeRefunded, invoicePaid, subscriptionDeleted, subscriptionUpdated } from './events.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId } from '../stripe-subscription.ts';
import { planDecider } from '../../plans/decider.ts';
import { planStreamId, priceCents } from '../../plans/events.ts';
import { lastCheckoutPayment, subscriptionCustomer } from '../../../projections/payments/queries.ts';
import { loadOrg } from '../../orgs/stream.ts';

export type TestEventKind = 'renewal' | 'cancellation' | 'refund';

/** Builds the event Stripe would send for an org's renewal, cancellation or refund. */
export async function buildTestEvent(app: FastifyInstance, orgId: string, kind: TestEventKind): Promise<StripeEventEnvelope> {
  const org = await loadOrg(app.store, orgId);
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
  // A downgrade scheduled for this period's end is what the renewal bills.
  const sub = await loadState(app.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId));
  const planId = sub.pendingPlanId ?? org.plan.planId;
  const plan = await loadState(app.store, planDecider, planStreamId(planId));
  const periodStart = Math.max(sub.currentPeriodEnd ?? 0, ids.created);
  return invoicePaid(ids, {
    invoiceId: simId('in'),
    customer,
    subscriptionId,
    amount: plan.exists ? priceCents(plan) : 0,
    currency: 'usd',
    billingReason: 'subscription_cycle',
    periodStart,
    periodEnd: periodStart + MONTH_SECONDS,
    metadata: sub.pendingPlanId ? { ...metadata, planId, fromPlanId: org.plan.planId, effectiveFrom: String(sub.currentPeriodEnd) } : metadata,
  });
}

/** After a renewal Stripe sends the subscription in its new period (a scheduled downgrade now in force). */
function renewedSubscription(invoice: StripeEventEnvelope): StripeEventEnvelope {
  const o = invoice.data.object as { customer: string; amount_paid: number; parent: { subscription_details: { subscription: string; metadata: Record<string, string> } }; lines: { data: { period: { start: number; end: number } }[] } };
  const period = o.lines.data[0].period;
  const meta = o.parent.subscription_details.metadata as { orgId: string; userId: string; planId: string } & Record<string, string>;
  return subscriptionUpdated(
    { eventId: simId('evt'), created: invoice.created },
    {
      subscriptionId: o.parent.subscription_details.subscription, customer: o.customer, status: 'active', currentPeriodStart: period.start,
      currentPeriodEnd: period.end, cancelAtPeriodEnd: false, amount: o.amount_paid, metadata: meta,
    },
  );
}

export async function sendTestEvent(app: FastifyInstance, orgId: string, kind: TestEventKind): Promise<StripeEventEnvelope> {
  const event = await buildTestEvent(app, orgId, kind);
  await deliver(app, event);
  if (kind === 'renewal') await deliver(app, renewedSubscription(event));
  return event;
}
