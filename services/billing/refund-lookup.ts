import type Stripe from 'stripe';
import type { StripeEventEnvelope } from './events.ts';

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
