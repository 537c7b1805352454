import type { FastifyInstance } from 'fastify';
import { NotFoundError, ValidationError } from '../../eventstore/errors.ts';
import { orgDecider } from '../../orgs/decider.ts';
import { orgStreamId } from '../../orgs/events.ts';
import type { StripeEventEnvelope } from '../events.ts';
import { loadState } from '../load.ts';
import { deliver, MONTH_SECONDS, simId, unixNow } from './deliver.ts';
import { chargeRefunded, invoicePaid, subscriptionDeleted } from './events.ts';

export type TestEventKind = 'renewal' | 'cancellation' | 'refund';

interface LastPayment {
  payment_intent: string;
  amount_total: number;
  currency: string;
  customer: string | null;
  user_id: string | null;
  plan_id: string | null;
}

async function lastPayment(app: FastifyInstance, orgId: string): Promise<LastPayment | null> {
  const res = await app.pg.query(
    `SELECT payment_intent, amount_total::int AS amount_total, currency, customer, user_id, plan_id FROM payment_transactions
      WHERE org_id = $1 AND payment_intent IS NOT NULL AND kind = 'checkout' ORDER BY id DESC LIMIT 1`,
    [orgId],
  );
  return (res.rows[0] as LastPayment | undefined) ?? null;
}

async function subscriptionCustomer(app: FastifyInstance, subscriptionId: string): Promise<string> {
  const res = await app.pg.query('SELECT customer FROM payment_transactions WHERE subscription_id = $1 AND customer IS NOT NULL LIMIT 1', [subscriptionId]);
  return (res.rows[0]?.customer as string | undefined) ?? simId('cus');
}

/** Builds the event Stripe would send for an org's renewal, cancellation or refund. */
export async function buildTestEvent(app: FastifyInstance, orgId: string, kind: TestEventKind): Promise<StripeEventEnvelope> {
  const org = await loadState(app.store, orgDecider, orgStreamId(orgId));
  if (!org.exists) throw new NotFoundError('Organization');
  const ids = { eventId: simId('evt'), created: unixNow() };
  if (kind === 'refund') {
    const payment = await lastPayment(app, orgId);
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
  const customer = await subscriptionCustomer(app, subscriptionId);
  if (kind === 'cancellation') return subscriptionDeleted(ids, { subscriptionId, customer, metadata });
  const plan = await app.pg.query('SELECT (price_usd * 100)::int AS cents FROM plans WHERE id = $1', [org.plan.planId]);
  return invoicePaid(ids, {
    invoiceId: simId('in'),
    customer,
    subscriptionId,
    amount: plan.rows[0]?.cents ?? 0,
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
