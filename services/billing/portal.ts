import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { SessionUser } from '../auth/sessions.ts';
import { loadState } from '../eventstore/command-handler.ts';
import { ConflictError, ValidationError } from '../platform/errors.ts';
import { orgCustomer } from './customer.ts';
import { StripeCallFailed } from './plan-change.ts';
import { deliver, MONTH_SECONDS, simId, unixNow } from './simulator/deliver.ts';
import { subscriptionUpdated } from './simulator/events.ts';
import { billingMode, describeStripeError } from './stripe.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId } from './stripe-subscription.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId, priceCents } from '../plans/events.ts';
import { loadOrg } from '../orgs/stream.ts';

/** The simulator's own portal page (no Stripe key). */
export const SIM_PORTAL_URL = '/billing/portal';

/** Stripe's billing portal for the organization's customer; the simulator's page without a key. */
export async function createPortalSession(app: FastifyInstance, request: FastifyRequest, user: SessionUser, stripe: () => Stripe, returnUrl: string) {
  const orgId = user.organization_id;
  if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
  const mode = billingMode(app.config);
  if (mode === 'off') throw new StripeCallFailed('open the billing portal');
  if (mode === 'simulator') return { url: SIM_PORTAL_URL };
  try {
    const { customerId } = await orgCustomer(app, request, orgId, user.email, mode, stripe);
    const session = await stripe().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
    return { url: session.url };
  } catch (err) {
    request.log.error({ stripeError: describeStripeError(err) }, 'stripe portal session failed');
    throw new StripeCallFailed('open the billing portal');
  }
}

/**
 * The simulator portal's cancel at the period's end, and its resume: the same signed
 * customer.subscription.updated Stripe's portal would send. Resume keeps the plan in force as it
 * is: a downgrade scheduled before is called off with it.
 */
export async function simSetCancelAtPeriodEnd(app: FastifyInstance, user: SessionUser, cancel: boolean) {
  const orgId = user.organization_id;
  if (!orgId) throw new ValidationError('Create your organization on your profile first', 'organization');
  const org = await loadOrg(app.store, orgId);
  const subscriptionId = org.plan?.subscriptionId;
  if (!subscriptionId) throw new ConflictError('Your organization has no monthly plan');
  const sub = await loadState(app.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId));
  if (sub.ended) throw new ConflictError('This subscription has ended');
  const planId = sub.planId ?? org.plan!.planId;
  const plan = await loadState(app.store, planDecider, planStreamId(planId));
  const now = unixNow();
  const periodEnd = sub.currentPeriodEnd ?? now + MONTH_SECONDS;
  await deliver(
    app,
    subscriptionUpdated(
      { eventId: simId('evt'), created: now },
      {
        subscriptionId, customer: org.stripeCustomerId ?? simId('cus'), status: 'active', currentPeriodStart: periodEnd - MONTH_SECONDS, currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: cancel, amount: plan.exists ? priceCents(plan) : 0,
        // A scheduled downgrade stays scheduled through a cancel; a resume keeps the plan in force and calls it off.
        metadata:
          cancel && sub.pendingPlanId
            ? { orgId, userId: user.id, planId: sub.pendingPlanId, fromPlanId: planId, effectiveFrom: String(periodEnd) }
            : { orgId, userId: user.id, planId },
      },
    ),
  );
  return { url: '/profile' };
}
