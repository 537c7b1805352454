import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { SessionUser } from '../auth/sessions.ts';
import { loadState } from '../eventstore/command-handler.ts';
import { DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId, priceCents, type PlanFields } from '../plans/events.ts';
import { PLAN_ID } from '../plans/rules.ts';
import { simCheckoutDecider, simCheckoutStreamId } from './simulator/session.ts';
import { orgCustomer } from './customer.ts';
import { billingMode, stripeClient } from './stripe.ts';

export interface Buyer {
  orgId: string;
  userId: string;
  email: string;
}

/**
 * The Checkout Session the product asks Stripe for: inline price from the plan, our ids in metadata,
 * the organization's customer. A pack's card is saved for off-session use (auto top-up); a
 * subscription's card is saved by Stripe as the subscription's payment method.
 */
export function checkoutParams(plan: { planId: string } & PlanFields, buyer: Buyer, appUrl: string, customerId: string): Stripe.Checkout.SessionCreateParams {
  const metadata = { orgId: buyer.orgId, userId: buyer.userId, planId: plan.planId };
  const monthly = !plan.is_one_time;
  return {
    mode: monthly ? 'subscription' : 'payment',
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: priceCents(plan),
          product_data: { name: plan.name, ...(plan.description ? { description: plan.description } : {}) },
          ...(monthly ? { recurring: { interval: 'month' as const } } : {}),
        },
      },
    ],
    client_reference_id: buyer.orgId,
    customer: customerId,
    metadata,
    ...(monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata, setup_future_usage: 'off_session' as const } }),
    success_url: `${appUrl}/subscribed`,
    cancel_url: `${appUrl}/pricing`,
  };
}

export class CheckoutFailed extends DomainError {
  constructor(status = 502) {
    super(status, 'checkout_failed', 'Stripe checkout failed', { error: 'Stripe checkout failed' });
  }
}

const appUrl = (app: FastifyInstance, request: FastifyRequest) =>
  (app.config.APP_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');

/** Creates a checkout for one plan and answers the URL the browser goes to next. */
export async function createCheckout(app: FastifyInstance, request: FastifyRequest, user: SessionUser, planId: string, stripe: () => Stripe) {
  const orgId = user.organization_id;
  if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
  const plan = PLAN_ID.test(planId) ? await loadState(app.store, planDecider, planStreamId(planId)) : { exists: false as const };
  if (!plan.exists) throw new NotFoundError('Subscription');
  if (!plan.is_active || plan.system_only) throw new ValidationError('This plan is not available', 'subscriptionId');
  if (priceCents(plan) <= 0) throw new ValidationError('This plan is free: there is nothing to pay', 'subscriptionId');

  const mode = billingMode(app.config);
  if (mode === 'off') throw new CheckoutFailed(503);
  if (mode === 'simulator') {
    const { customerId } = await orgCustomer(app, request, orgId, user.email, mode, stripe);
    const sessionId = `cs_sim_${randomBytes(12).toString('hex')}`;
    await app.commands.run(
      simCheckoutDecider,
      simCheckoutStreamId(sessionId),
      {
        type: 'OpenSimCheckout',
        data: {
          sessionId, orgId, userId: user.id, email: user.email, planId: plan.planId, customer: customerId,
          mode: plan.is_one_time ? 'payment' : 'subscription', amount: priceCents(plan), currency: 'usd', at: new Date().toISOString(),
        },
      },
      { metadata: app.commands.metadata(request), expected: 'no_stream' },
    );
    return { url: `/checkout/sim/${sessionId}` };
  }
  try {
    const { customerId } = await orgCustomer(app, request, orgId, user.email, mode, stripe);
    const session = await stripe().checkout.sessions.create(checkoutParams(plan, { orgId, userId: user.id, email: user.email }, appUrl(app, request), customerId));
    if (!session.url) throw new Error('Stripe answered a session without a url');
    return { url: session.url };
  } catch (err) {
    request.log.error({ stripeError: describeStripeError(err), planId }, 'stripe checkout failed');
    throw new CheckoutFailed();
  }
}

export const lazyStripe = (app: FastifyInstance) => {
  let client: Stripe | null = null;
  return () => (client ??= stripeClient(app.config));
};

/** What a failed Stripe call may log: its kind and ids, and its message with any API key masked (Stripe may quote it). */
export function describeStripeError(err: unknown) {
  const e = err as { type?: string; code?: string; statusCode?: number; requestId?: string; message?: string };
  const message = String(e?.message ?? err).replace(/\b([sr]k|whsec)_[A-Za-z0-9_]+/g, '$1_[redacted]');
  return { type: e?.type, code: e?.code, statusCode: e?.statusCode, requestId: e?.requestId, message };
}
