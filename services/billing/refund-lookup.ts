import type Stripe from 'stripe';
import { loadState } from '../eventstore/command-handler.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { StripeEventEnvelope } from './events.ts';
import { interpret, type Intent } from './interpret.ts';
import { stripePaymentDecider, stripePaymentStreamId } from './payment.ts';

/**
 * The paid invoice a payment intent paid, asked of Stripe when a refund names a payment we never
 * recorded (invoice.paid events of API 2025-03-31+ do not carry the invoice's payments): the answer
 * is that invoice as its invoice.paid event would carry it, its payments list filled in.
 */
export async function invoicePaidBy(stripe: Stripe, paymentIntentId: string): Promise<StripeEventEnvelope | null> {
  const page = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 });
  const found = page.data[0];
  const invoiceId = typeof found?.invoice === 'string' ? found.invoice : found?.invoice?.id;
  if (!found || !invoiceId) return null;
  const invoice = await stripe.invoices.retrieve(invoiceId);
  if (invoice.status !== 'paid') return null;
  return {
    id: `lookup_${invoiceId}`,
    type: 'invoice.paid',
    created: invoice.created,
    data: { object: { ...(invoice as unknown as Record<string, unknown>), payments: { object: 'list', data: [found] } } },
  };
}

/** What a refunded payment we never recorded paid (with a Stripe key only): the invoice.paid intent of that invoice. */
export async function refundedInvoice(deps: { store: EventStore; stripe?: () => Stripe }, paymentIntentId: string): Promise<Intent | null> {
  if (!deps.stripe) return null;
  const known = await loadState(deps.store, stripePaymentDecider, stripePaymentStreamId(paymentIntentId));
  if (known.exists) return null;
  const event = await invoicePaidBy(deps.stripe(), paymentIntentId);
  return event ? interpret(event) : null;
}
