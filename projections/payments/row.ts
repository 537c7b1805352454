import type { StripeEventEnvelope } from '../../services/billing/events.ts';

export interface PaymentRow {
  kind: 'checkout' | 'invoice' | 'refund' | 'auto_top_up';
  objectId: string;
  amountTotal: number;
  amountSubtotal: number | null;
  currency: string;
  userId: string | null;
  orgId: string | null;
  planId: string | null;
  subscriptionId: string | null;
  customer: string | null;
  invoice: string | null;
  paymentIntent: string | null;
  paymentStatus: string | null;
  mode: string | null;
}

type Obj = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : null);
const obj = (v: unknown): Obj => (v && typeof v === 'object' ? (v as Obj) : {});
const ref = (v: unknown) => str(v) ?? str(obj(v).id);
const meta = (m: unknown) => {
  const o = obj(m);
  return { orgId: str(o.orgId) ?? str(o.org_id), userId: str(o.userId) ?? str(o.user_id), planId: str(o.planId) ?? str(o.plan_id) };
};

/**
 * The payment a Stripe event records, or null. A subscription's first invoice is the checkout's
 * own payment, so only renewals add an invoice row; an auto top-up's off-session payment is its
 * payment_intent.succeeded (a checkout's own payment intent is its session's row); a refund is a negative amount.
 */
export function paymentRow(event: StripeEventEnvelope): PaymentRow | null {
  const o = obj(event.data?.object);
  const base = { objectId: str(o.id) ?? '', currency: str(o.currency) ?? 'usd', customer: ref(o.customer) };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const m = meta(o.metadata);
      return {
        ...base,
        kind: 'checkout',
        amountTotal: int(o.amount_total) ?? 0,
        amountSubtotal: int(o.amount_subtotal),
        ...m,
        orgId: m.orgId ?? str(o.client_reference_id),
        subscriptionId: ref(o.subscription),
        invoice: ref(o.invoice),
        paymentIntent: ref(o.payment_intent),
        paymentStatus: str(o.payment_status),
        mode: str(o.mode),
      };
    }
    case 'invoice.paid': {
      if (o.billing_reason === 'subscription_create') return null;
      const details = obj(obj(o.parent).subscription_details);
      return {
        ...base,
        kind: 'invoice',
        amountTotal: int(o.amount_paid) ?? 0,
        amountSubtotal: int(o.subtotal),
        ...meta(details.metadata),
        subscriptionId: ref(details.subscription) ?? ref(o.subscription),
        invoice: str(o.id),
        paymentIntent: ref(o.payment_intent),
        paymentStatus: str(o.status),
        mode: 'subscription',
      };
    }
    case 'payment_intent.succeeded': {
      const m = obj(o.metadata);
      if (m.kind !== 'auto_top_up') return null;
      return {
        ...base,
        kind: 'auto_top_up',
        amountTotal: int(o.amount_received) ?? int(o.amount) ?? 0,
        amountSubtotal: int(o.amount),
        ...meta(o.metadata),
        subscriptionId: null,
        invoice: null,
        paymentIntent: str(o.id),
        paymentStatus: str(o.status),
        mode: 'payment',
      };
    }
    case 'charge.refunded':
      return {
        ...base,
        kind: 'refund',
        amountTotal: -(int(o.amount_refunded) ?? 0),
        amountSubtotal: null,
        ...meta(o.metadata),
        subscriptionId: null,
        invoice: ref(o.invoice),
        paymentIntent: ref(o.payment_intent),
        paymentStatus: o.refunded === true ? 'refunded' : 'partially_refunded',
        mode: null,
      };
    default:
      return null;
  }
}
