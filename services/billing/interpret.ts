import type { StripeEventEnvelope } from './events.ts';
import { invoicePaymentOf, type InvoicePayment } from './invoice-payment.ts';

/** What a Stripe event asks of us, read leniently from its payload (pure). */
export type Intent =
  | {
      kind: 'checkout';
      sessionId: string;
      mode: 'payment' | 'subscription';
      orgId: string;
      userId: string | null;
      planId: string;
      subscriptionId: string | null;
      paymentIntentId: string | null;
      /** The Stripe customer the session paid as (the organization's, since customers are kept). */
      customerId: string | null;
      amount: number;
      currency: string;
      /** When the first period ends (unix seconds), if the session carries its subscription expanded. */
      periodEnd: number | null;
    }
  | {
      kind: 'period';
      first: boolean;
      orgId: string;
      planId: string;
      subscriptionId: string;
      periodStart: number | null;
      /** When the billed period ends (unix seconds): its monthly credits expire then. */
      periodEnd: number | null;
      invoiceId: string;
      /** What paid it, when the invoice says (a refund of it is matched by this). */
      payment: InvoicePayment | null;
    }
  | {
      /** A plan change paid now (an upgrade's proration invoice): the difference of monthly credits. */
      kind: 'change';
      orgId: string;
      planId: string;
      fromPlanId: string | null;
      subscriptionId: string;
      invoiceId: string;
      periodEnd: number | null;
      payment: InvoicePayment | null;
    }
  | {
      kind: 'updated';
      subscriptionId: string;
      orgId: string;
      /** The plan in force now; `pendingPlanId` the one a scheduled downgrade moves to. */
      planId: string;
      pendingPlanId: string | null;
      status: string;
      currentPeriodEnd: number | null;
      cancelAtPeriodEnd: boolean;
      created: number;
    }
  | { kind: 'ended'; subscriptionId: string; orgId: string | null }
  /** An auto top-up's off-session payment succeeded (metadata kind 'auto_top_up'). */
  | { kind: 'top_up'; orgId: string; planId: string; paymentIntentId: string; amount: number; currency: string }
  | { kind: 'refund'; chargeId: string; paymentIntentId: string; amountRefunded: number }
  | { kind: 'ignore'; reason: string }
  | { kind: 'invalid'; reason: string };

type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
/** An id, whether Stripe sent it bare or expanded. */
const ref = (v: unknown): string | null => str(v) ?? str(obj(v).id);

/** Our keys, with the snake_case spelling of older integrations accepted too. */
function ours(metadata: unknown) {
  const m = obj(metadata);
  return {
    orgId: str(m.orgId) ?? str(m.org_id),
    userId: str(m.userId) ?? str(m.user_id),
    planId: str(m.planId) ?? str(m.plan_id),
    /** Set by a plan change: the plan it left, and (a downgrade) the unix time it takes effect. */
    fromPlanId: str(m.fromPlanId),
    effectiveFrom: Number(str(m.effectiveFrom)) || null,
  };
}

function checkout(session: Obj): Intent {
  const status = str(session.payment_status);
  if (status !== 'paid' && status !== 'no_payment_required') {
    return { kind: 'ignore', reason: `payment not completed yet (payment_status ${status ?? 'missing'})` };
  }
  const meta = ours(session.metadata);
  const orgId = meta.orgId ?? str(session.client_reference_id);
  const sessionId = str(session.id);
  if (!sessionId) return { kind: 'invalid', reason: 'checkout session has no id' };
  if (!orgId) return { kind: 'invalid', reason: 'checkout session carries no orgId (metadata or client_reference_id)' };
  if (!meta.planId) return { kind: 'invalid', reason: 'checkout session carries no planId in its metadata' };
  const mode = session.mode === 'subscription' ? 'subscription' : 'payment';
  const subscriptionId = ref(session.subscription);
  if (mode === 'subscription' && !subscriptionId) return { kind: 'invalid', reason: 'subscription checkout without a subscription id' };
  return {
    kind: 'checkout',
    sessionId,
    mode,
    orgId,
    userId: meta.userId,
    planId: meta.planId,
    subscriptionId,
    paymentIntentId: ref(session.payment_intent),
    customerId: ref(session.customer),
    amount: num(session.amount_total) ?? 0,
    currency: str(session.currency) ?? 'usd',
    periodEnd: currentPeriodEnd(obj(session.subscription)),
  };
}

/** A subscription's current period end: on its items since API 2025-03-31, on the subscription before. */
function currentPeriodEnd(subscription: Obj): number | null {
  const items = obj(subscription.items).data;
  for (const item of Array.isArray(items) ? items.map(obj) : []) {
    const end = num(item.current_period_end);
    if (end !== null) return end;
  }
  return num(subscription.current_period_end);
}

/** The subscription an invoice bills: `parent.subscription_details` since API 2025-03-31, `subscription` before. */
function invoiceSubscription(invoice: Obj) {
  const details = obj(obj(invoice.parent).subscription_details);
  const legacy = obj(invoice.subscription_details);
  return {
    subscriptionId: ref(details.subscription) ?? ref(invoice.subscription),
    meta: ours(Object.keys(obj(details.metadata)).length ? details.metadata : Object.keys(obj(legacy.metadata)).length ? legacy.metadata : invoice.metadata),
  };
}

/** The period a subscription line bills (the invoice's own period is the one before). */
function linePeriod(invoice: Obj, subscriptionId: string): { start: number | null; end: number | null } {
  const lines = obj(invoice.lines).data;
  for (const line of Array.isArray(lines) ? lines.map(obj) : []) {
    const parent = obj(obj(line.parent).subscription_item_details);
    const sub = ref(parent.subscription) ?? ref(line.subscription);
    if (sub === subscriptionId || (!sub && line.type === 'subscription')) {
      const period = obj(line.period);
      const start = num(period.start);
      if (start !== null) return { start, end: num(period.end) };
    }
  }
  return { start: null, end: null };
}

function invoicePaid(invoice: Obj): Intent {
  const reason = str(invoice.billing_reason);
  if (reason === 'subscription_update') return planChangePaid(invoice);
  if (reason !== 'subscription_create' && reason !== 'subscription_cycle') {
    return { kind: 'ignore', reason: `invoice with billing_reason ${reason ?? 'missing'} grants no credits` };
  }
  const invoiceId = str(invoice.id);
  const { subscriptionId, meta } = invoiceSubscription(invoice);
  if (!invoiceId || !subscriptionId) return { kind: 'invalid', reason: 'invoice carries no subscription' };
  if (!meta.orgId || !meta.planId) return { kind: 'invalid', reason: 'invoice subscription carries no orgId/planId metadata' };
  const first = reason === 'subscription_create';
  const period = linePeriod(invoice, subscriptionId);
  return { kind: 'period', first, orgId: meta.orgId, planId: meta.planId, subscriptionId, periodStart: first ? null : period.start, periodEnd: period.end, invoiceId, payment: invoicePaymentOf(invoice) };
}

function planChangePaid(invoice: Obj): Intent {
  const invoiceId = str(invoice.id);
  const { subscriptionId, meta } = invoiceSubscription(invoice);
  if (!invoiceId || !subscriptionId) return { kind: 'invalid', reason: 'invoice carries no subscription' };
  if (!meta.orgId || !meta.planId) return { kind: 'invalid', reason: 'invoice subscription carries no orgId/planId metadata' };
  const { end } = linePeriod(invoice, subscriptionId);
  return { kind: 'change', orgId: meta.orgId, planId: meta.planId, fromPlanId: meta.fromPlanId, subscriptionId, invoiceId, periodEnd: end, payment: invoicePaymentOf(invoice) };
}

function subscriptionUpdated(subscription: Obj, created: number): Intent {
  const subscriptionId = str(subscription.id);
  const status = str(subscription.status);
  if (!subscriptionId || !status) return { kind: 'invalid', reason: 'subscription has no id or status' };
  if (ENDED_STATUSES.has(status)) return subscriptionEnded(subscription);
  const meta = ours(subscription.metadata);
  if (!meta.orgId || !meta.planId) return { kind: 'invalid', reason: 'subscription carries no orgId/planId metadata' };
  const periodEnd = currentPeriodEnd(subscription);
  // A downgrade scheduled for the period's end: the plan left stays in force until then.
  const scheduled = meta.effectiveFrom !== null && meta.fromPlanId !== null && periodEnd !== null && periodEnd <= meta.effectiveFrom;
  return {
    kind: 'updated',
    subscriptionId,
    orgId: meta.orgId,
    planId: scheduled ? meta.fromPlanId! : meta.planId,
    pendingPlanId: scheduled ? meta.planId : null,
    status,
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    created,
  };
}

function subscriptionEnded(subscription: Obj): Intent {
  const subscriptionId = str(subscription.id);
  if (!subscriptionId) return { kind: 'invalid', reason: 'subscription has no id' };
  return { kind: 'ended', subscriptionId, orgId: ours(subscription.metadata).orgId };
}

const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

function chargeRefunded(charge: Obj): Intent {
  const chargeId = str(charge.id);
  const paymentIntentId = ref(charge.payment_intent);
  const amountRefunded = num(charge.amount_refunded);
  if (!chargeId || !paymentIntentId || amountRefunded === null) return { kind: 'invalid', reason: 'refunded charge lacks id, payment_intent or amount_refunded' };
  return { kind: 'refund', chargeId, paymentIntentId, amountRefunded };
}

/** Only our auto top-ups: a checkout's own payment intent is applied from its session. */
function paymentSucceeded(intent: Obj): Intent {
  const m = obj(intent.metadata);
  if (m.kind !== 'auto_top_up') return { kind: 'ignore', reason: 'payment intent is not an auto top-up (its checkout session grants)' };
  const meta = ours(intent.metadata);
  const paymentIntentId = str(intent.id);
  if (!paymentIntentId || !meta.orgId || !meta.planId) return { kind: 'invalid', reason: 'auto top-up payment lacks id, orgId or planId' };
  return { kind: 'top_up', orgId: meta.orgId, planId: meta.planId, paymentIntentId, amount: num(intent.amount_received) ?? num(intent.amount) ?? 0, currency: str(intent.currency) ?? 'usd' };
}

export function interpret(event: StripeEventEnvelope): Intent {
  const object = obj(event.data?.object);
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return checkout(object);
    case 'invoice.paid':
      return invoicePaid(object);
    case 'customer.subscription.deleted':
      return subscriptionEnded(object);
    case 'customer.subscription.updated':
      return subscriptionUpdated(object, event.created);
    case 'charge.refunded':
      return chargeRefunded(object);
    case 'payment_intent.succeeded':
      return paymentSucceeded(object);
    default:
      return { kind: 'ignore', reason: `event type ${event.type} is not handled` };
  }
}
