import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { SessionUser } from '../auth/sessions.ts';
import { checkoutParams } from '../billing/checkout.ts';
import { simCheckoutDecider, simCheckoutStreamId } from '../billing/simulator/session.ts';
import { billingMode, stripeClient } from '../billing/stripe.ts';
import { DomainError, NotFoundError, ValidationError } from '../eventstore/errors.ts';
import { priceCents } from '../plans/events.ts';
import { loadPlan } from '../plans/load.ts';
import { PLAN_ID } from '../plans/rules.ts';

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
  const plan = PLAN_ID.test(planId) ? await loadPlan(app.store, planId) : { exists: false as const };
  if (!plan.exists) throw new NotFoundError('Subscription');
  if (!plan.is_active || plan.system_only) throw new ValidationError('This plan is not available', 'subscriptionId');
  if (priceCents(plan) <= 0) throw new ValidationError('This plan is free: there is nothing to pay', 'subscriptionId');

  const mode = billingMode(app.config);
  if (mode === 'off') throw new CheckoutFailed(503);
  if (mode === 'simulator') {
    const sessionId = `cs_sim_${randomBytes(12).toString('hex')}`;
    await app.commands.run(
      simCheckoutDecider,
      simCheckoutStreamId(sessionId),
      {
        type: 'OpenSimCheckout',
        data: {
          sessionId, orgId, userId: user.id, email: user.email, planId: plan.planId,
          mode: plan.is_one_time ? 'payment' : 'subscription', amount: priceCents(plan), currency: 'usd', at: new Date().toISOString(),
        },
      },
      { metadata: app.commands.metadata(request), expected: 'no_stream' },
    );
    return { url: `/checkout/sim/${sessionId}` };
  }
  try {
    const session = await stripe().checkout.sessions.create(checkoutParams(plan, { orgId, userId: user.id, email: user.email }, appUrl(app, request)));
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
