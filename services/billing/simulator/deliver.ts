import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../platform/errors.ts';
import { stripeEventStreamId, type StripeEventEnvelope } from '../events.ts';
import { signPayload } from '../stripe.ts';
import { checkoutSessionCompleted, invoicePaid, type PaidSession } from './events.ts';
import type { SimCheckout, SimCheckoutPaid } from './session.ts';

export const simId = (prefix: string) => `${prefix}_sim_${randomBytes(12).toString('hex')}`;
export const unixNow = () => Math.floor(Date.now() / 1000);
export const MONTH_SECONDS = 30 * 24 * 3600;

/** How long a simulated billing action waits for the worker to apply what it sent. */
export const SETTLE_MS = 5000;
const OUTCOMES = new Set(['StripeEventProcessed', 'StripeEventIgnored', 'StripeEventFailed']);

/**
 * Waits (bounded) until the worker has recorded the event's outcome, and tells the caller's next
 * reads to wait for the read models to show it (read-your-writes): the member who pressed the button
 * sees the new plan and its credits on the next page, not a moment later.
 */
async function settle(app: FastifyInstance, eventId: string): Promise<void> {
  for (const until = Date.now() + SETTLE_MS; Date.now() < until; ) {
    const outcome = (await app.store.readStream(stripeEventStreamId(eventId), { from: 2 })).findLast((e) => OUTCOMES.has(e.type));
    if (outcome) return app.commands.appended({ xid: outcome.transactionId, pos: outcome.globalPosition });
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Posts a signed event to our own webhook, the path Stripe uses, so it takes the same road; answers once it is applied (or a few seconds passed). */
export async function deliver(app: FastifyInstance, event: StripeEventEnvelope): Promise<void> {
  const payload = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, app.config.STRIPE_WEBHOOK_SECRET) },
  });
  if (res.statusCode !== 200) {
    app.log.error({ status: res.statusCode, body: res.body }, 'simulated webhook refused');
    throw new DomainError(502, 'simulator', 'The simulated payment could not be delivered');
  }
  await settle(app, event.id);
}

/** The ids Stripe would create when the buyer pays. */
export const paidIds = (session: SimCheckout, at: string): SimCheckoutPaid['data'] => ({
  sessionId: session.sessionId,
  customer: session.customer ?? simId('cus'),
  subscriptionId: session.mode === 'subscription' ? simId('sub') : null,
  invoiceId: session.mode === 'subscription' ? simId('in') : null,
  paymentIntentId: session.mode === 'payment' ? simId('pi') : null,
  at,
});

/**
 * What Stripe sends after a hosted checkout is paid: the session, and for a subscription its first
 * invoice. Their ids derive from the session, so sending them twice stores them once.
 */
export function paymentEvents(session: SimCheckout, paid: SimCheckoutPaid['data']): StripeEventEnvelope[] {
  const created = Math.floor(Date.parse(paid.at) / 1000);
  const eventId = (what: string) => `evt_${session.sessionId.replace(/^cs_/, '')}_${what}`;
  const metadata = { orgId: session.orgId, userId: session.userId, planId: session.planId };
  const completed: PaidSession = {
    sessionId: session.sessionId,
    mode: session.mode,
    amount: session.amount,
    currency: session.currency,
    email: session.email,
    customer: paid.customer,
    subscriptionId: paid.subscriptionId,
    invoiceId: paid.invoiceId,
    paymentIntentId: paid.paymentIntentId,
    metadata,
  };
  const events = [checkoutSessionCompleted({ eventId: eventId('checkout'), created }, completed)];
  if (paid.subscriptionId && paid.invoiceId) {
    events.push(
      invoicePaid(
        { eventId: eventId('invoice'), created },
        {
          invoiceId: paid.invoiceId,
          customer: paid.customer,
          subscriptionId: paid.subscriptionId,
          amount: session.amount,
          currency: session.currency,
          billingReason: 'subscription_create',
          periodStart: created,
          periodEnd: created + MONTH_SECONDS,
          metadata,
        },
      ),
    );
  }
  return events;
}
