import type { StripeEventEnvelope } from '../events.ts';

/** Builders of the Stripe events the simulator sends: the fields Stripe sends that we or an admin read. */
export const SIM_API_VERSION = '2026-07-29.dahlia';

export interface Ids {
  eventId: string;
  created: number;
}

/** Our keys: orgId, userId, planId, and after a plan change fromPlanId and effectiveFrom. */
type Metadata = { orgId: string; userId: string; planId: string } & Record<string, string>;

function envelope(ids: Ids, type: string, object: Record<string, unknown>): StripeEventEnvelope {
  return {
    id: ids.eventId,
    object: 'event',
    api_version: SIM_API_VERSION,
    created: ids.created,
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

export interface PaidSession {
  sessionId: string;
  mode: 'payment' | 'subscription';
  amount: number;
  currency: string;
  email: string;
  customer: string;
  subscriptionId: string | null;
  invoiceId: string | null;
  paymentIntentId: string | null;
  metadata: Metadata;
}

export const checkoutSessionCompleted = (ids: Ids, s: PaidSession) =>
  envelope(ids, 'checkout.session.completed', {
    id: s.sessionId,
    object: 'checkout.session',
    amount_subtotal: s.amount,
    amount_total: s.amount,
    client_reference_id: s.metadata.orgId,
    created: ids.created - 60,
    currency: s.currency,
    customer: s.customer,
    customer_details: { email: s.email, name: null },
    customer_email: s.email,
    invoice: s.invoiceId,
    livemode: false,
    metadata: s.metadata,
    mode: s.mode,
    payment_intent: s.paymentIntentId,
    payment_status: 'paid',
    status: 'complete',
    subscription: s.subscriptionId,
    success_url: '/subscribed',
    cancel_url: '/pricing',
    url: null,
  });

export interface PaidInvoice {
  invoiceId: string;
  customer: string;
  subscriptionId: string;
  amount: number;
  currency: string;
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  periodStart: number;
  periodEnd: number;
  metadata: Metadata;
}

export const invoicePaid = (ids: Ids, i: PaidInvoice) =>
  envelope(ids, 'invoice.paid', {
    id: i.invoiceId,
    object: 'invoice',
    amount_due: i.amount,
    amount_paid: i.amount,
    amount_remaining: 0,
    billing_reason: i.billingReason,
    created: ids.created - 5,
    currency: i.currency,
    customer: i.customer,
    lines: {
      object: 'list',
      data: [
        {
          id: `il_${i.invoiceId.slice(3)}`,
          object: 'line_item',
          amount: i.amount,
          currency: i.currency,
          invoice: i.invoiceId,
          metadata: {},
          parent: {
            type: 'subscription_item_details',
            subscription_item_details: { subscription: i.subscriptionId, proration: false },
          },
          period: { start: i.periodStart, end: i.periodEnd },
          quantity: 1,
        },
      ],
      has_more: false,
    },
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: { subscription: i.subscriptionId, metadata: i.metadata },
    },
    period_end: i.periodStart,
    period_start: i.periodStart,
    status: 'paid',
    subtotal: i.amount,
    total: i.amount,
  });

export const subscriptionDeleted = (ids: Ids, s: { subscriptionId: string; customer: string; metadata: Metadata }) =>
  envelope(ids, 'customer.subscription.deleted', {
    id: s.subscriptionId,
    object: 'subscription',
    cancel_at_period_end: false,
    canceled_at: ids.created,
    customer: s.customer,
    ended_at: ids.created,
    livemode: false,
    metadata: s.metadata,
    status: 'canceled',
  });

export interface SimSubscription {
  subscriptionId: string;
  customer: string;
  status: string;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  amount: number;
  metadata: Metadata;
}

/** The period sits on the item since API 2025-03-31, as Stripe sends it. */
export const subscriptionUpdated = (ids: Ids, s: SimSubscription) =>
  envelope(ids, 'customer.subscription.updated', {
    id: s.subscriptionId,
    object: 'subscription',
    cancel_at_period_end: s.cancelAtPeriodEnd,
    customer: s.customer,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${s.subscriptionId.replace(/^sub_/, '')}`,
          object: 'subscription_item',
          current_period_start: s.currentPeriodStart,
          current_period_end: s.currentPeriodEnd,
          price: { object: 'price', currency: 'usd', unit_amount: s.amount, recurring: { interval: 'month', interval_count: 1 } },
          quantity: 1,
          subscription: s.subscriptionId,
        },
      ],
      has_more: false,
    },
    livemode: false,
    metadata: s.metadata,
    status: s.status,
  });

export const chargeRefunded = (
  ids: Ids,
  c: { chargeId: string; paymentIntentId: string; amount: number; amountRefunded: number; currency: string; metadata: Metadata },
) =>
  envelope(ids, 'charge.refunded', {
    id: c.chargeId,
    object: 'charge',
    amount: c.amount,
    amount_captured: c.amount,
    amount_refunded: c.amountRefunded,
    captured: true,
    created: ids.created - 3600,
    currency: c.currency,
    livemode: false,
    metadata: c.metadata,
    paid: true,
    payment_intent: c.paymentIntentId,
    refunded: c.amountRefunded >= c.amount,
    status: 'succeeded',
  });
