import type { Writes } from '../eventstore/transaction.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { stripePaymentDecider, stripePaymentStreamId } from './payment.ts';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const ref = (v: unknown): string | null => (typeof v === 'string' && v ? v : typeof obj(v).id === 'string' && obj(v).id ? (obj(v).id as string) : null);

/** What paid an invoice, so that its refund can be matched to it. */
export interface InvoicePayment {
  paymentIntentId: string;
  amount: number;
  currency: string;
}

/**
 * The payment intent that paid an invoice: its `payments` list since API 2025-03-31 (present when the
 * event or the lookup expands it), `payment_intent` before.
 */
export function invoicePaymentOf(invoice: Obj): InvoicePayment | null {
  const payments = obj(invoice.payments).data;
  let paymentIntentId: string | null = null;
  for (const p of Array.isArray(payments) ? payments.map(obj) : []) {
    const payment = obj(p.payment);
    const pi = payment.type === undefined || payment.type === 'payment_intent' ? ref(payment.payment_intent) : null;
    if (pi && (p.status === undefined || p.status === 'paid')) paymentIntentId = pi;
  }
  paymentIntentId ??= ref(invoice.payment_intent);
  if (!paymentIntentId) return null;
  const amount = typeof invoice.amount_paid === 'number' ? invoice.amount_paid : 0;
  return { paymentIntentId, amount, currency: typeof invoice.currency === 'string' ? invoice.currency : 'usd' };
}

/**
 * Records the payment of a subscription invoice with the credits it bought and the lot they went to:
 * a refund of that payment then takes back its share of those credits from that period's lot.
 */
export async function recordInvoicePayment(
  tx: Writes,
  metadata: EventMetadata,
  payment: InvoicePayment | null,
  data: { orgId: string; planId: string; invoiceId: string; credits: number; lotKey: string; at: string },
): Promise<void> {
  if (!payment) return;
  const { orgId, planId, invoiceId, credits, lotKey, at } = data;
  await tx.run(
    stripePaymentDecider,
    stripePaymentStreamId(payment.paymentIntentId),
    { type: 'RecordPayment', data: { paymentIntentId: payment.paymentIntentId, orgId, planId, sessionId: invoiceId, amount: payment.amount, currency: payment.currency, credits, lotKey, at } },
    { metadata },
  );
}
