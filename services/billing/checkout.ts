import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { SessionUser } from '../auth/sessions.ts';
import { loadState } from '../eventstore/command-handler.ts';
import { ConflictError, DomainError, NotFoundError, ValidationError } from '../platform/errors.ts';
import { CheckoutAlreadyOpen, checkoutLockDecider, checkoutLockStreamId, openAt } from './checkout-lock.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId, priceCents, type PlanFields } from '../plans/events.ts';
import { PLAN_ID } from '../plans/rules.ts';
import { simCheckoutDecider, simCheckoutStreamId } from './simulator/session.ts';
import { orgCustomer } from './customer.ts';
import { changePlan } from './plan-change.ts';
import { billingMode, describeStripeError, stripeClient } from './stripe.ts';
import { loadOrg } from '../orgs/stream.ts';

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

export const appUrl = (app: FastifyInstance, request: FastifyRequest) =>
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
  if (!plan.is_one_time) {
    const org = await loadOrg(app.store, orgId);
    // One subscription per organization: another monthly plan updates it, never starts a second.
    if (org.plan?.subscriptionId && !org.plan.isOneTime) return changePlan(app, request, user, plan, org, mode, stripe);
  }
  const lock = plan.is_one_time ? null : await loadState(app.store, checkoutLockDecider, checkoutLockStreamId(orgId));
  const open = lock ? openAt(lock, new Date().toISOString()) : null;
  if (open?.planId === plan.planId) return { url: open.url };
  if (open) await expireSession(app, request, mode, open.sessionId, stripe);
  const session = mode === 'simulator' ? await openSimSession(app, request, user, plan) : await openStripeSession(app, request, user, plan, stripe);
  if (plan.is_one_time) return { url: session.url };
  try {
    await app.commands.run(
      checkoutLockDecider,
      checkoutLockStreamId(orgId),
      { type: 'OpenSubscriptionCheckout', data: { ...session, orgId, planId: plan.planId, at: new Date().toISOString(), replaces: open?.sessionId ?? null } },
      { metadata: app.commands.metadata(request) },
    );
  } catch (err) {
    if (!(err instanceof CheckoutAlreadyOpen)) throw err;
    // Another tab won: this session must never be paid; the same plan goes to the winner's page.
    await expireSession(app, request, mode, session.sessionId, stripe);
    if (err.open.planId === plan.planId) return { url: err.open.url };
    throw err;
  }
  return { url: session.url };
}

/** A subscription checkout stays payable this long (Stripe's least is 30 minutes). */
const OPEN_SECONDS = 31 * 60;
type Opened = { sessionId: string; url: string; expiresAt: string };

async function openSimSession(app: FastifyInstance, request: FastifyRequest, user: SessionUser, plan: { planId: string } & PlanFields): Promise<Opened> {
  const orgId = user.organization_id!;
  const { customerId } = await orgCustomer(app, request, orgId, user.email, 'simulator', () => stripeClient(app.config));
  const sessionId = `cs_sim_${randomBytes(12).toString('hex')}`;
  const now = Date.now();
  await app.commands.run(
    simCheckoutDecider,
    simCheckoutStreamId(sessionId),
    {
      type: 'OpenSimCheckout',
      data: {
        sessionId, orgId, userId: user.id, email: user.email, planId: plan.planId, customer: customerId,
        mode: plan.is_one_time ? 'payment' : 'subscription', amount: priceCents(plan), currency: 'usd', at: new Date(now).toISOString(),
      },
    },
    { metadata: app.commands.metadata(request), expected: 'no_stream' },
  );
  return { sessionId, url: `/checkout/sim/${sessionId}`, expiresAt: new Date(now + OPEN_SECONDS * 1000).toISOString() };
}

async function openStripeSession(app: FastifyInstance, request: FastifyRequest, user: SessionUser, plan: { planId: string } & PlanFields, stripe: () => Stripe): Promise<Opened> {
  const orgId = user.organization_id!;
  try {
    const { customerId } = await orgCustomer(app, request, orgId, user.email, 'stripe', stripe);
    const expiresAt = Math.floor(Date.now() / 1000) + OPEN_SECONDS;
    const params = { ...checkoutParams(plan, { orgId, userId: user.id, email: user.email }, appUrl(app, request), customerId), expires_at: expiresAt };
    const session = await stripe().checkout.sessions.create(params);
    if (!session.url) throw new Error('Stripe answered a session without a url');
    return { sessionId: session.id, url: session.url, expiresAt: new Date(expiresAt * 1000).toISOString() };
  } catch (err) {
    request.log.error({ stripeError: describeStripeError(err), planId: plan.planId }, 'stripe checkout failed');
    throw new CheckoutFailed();
  }
}

/** Closes a checkout that must not be paid any more; one already paid cannot be closed, and says so. */
async function expireSession(app: FastifyInstance, request: FastifyRequest, mode: 'stripe' | 'simulator', sessionId: string, stripe: () => Stripe) {
  if (mode === 'simulator') {
    await app.commands.run(
      simCheckoutDecider,
      simCheckoutStreamId(sessionId),
      { type: 'CancelSimCheckout', data: { sessionId, at: new Date().toISOString() } },
      { metadata: app.commands.metadata(request) },
    );
    return;
  }
  try {
    await stripe().checkout.sessions.expire(sessionId);
  } catch (err) {
    request.log.warn({ stripeError: describeStripeError(err), sessionId }, 'could not expire a checkout session');
    throw new ConflictError('Your previous checkout could not be closed (it may have just been paid): refresh the page and try again');
  }
}

export const lazyStripe = (app: FastifyInstance) => {
  let client: Stripe | null = null;
  return () => (client ??= stripeClient(app.config));
};
