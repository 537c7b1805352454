import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import type { SessionUser } from '../auth/sessions.ts';
import { loadState } from '../eventstore/command-handler.ts';
import type { OrgState } from '../orgs/events.ts';
import { ConflictError, DomainError, ValidationError } from '../platform/errors.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId, priceCents, type PlanFields } from '../plans/events.ts';
import type { BillingMode } from './customer.ts';
import { deliver, simId, unixNow, MONTH_SECONDS } from './simulator/deliver.ts';
import { invoicePaid, subscriptionUpdated } from './simulator/events.ts';
import { describeStripeError } from './stripe.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId, type StripeSubscriptionState } from './stripe-subscription.ts';

type Plan = { planId: string } & PlanFields;

export class StripeCallFailed extends DomainError {
  constructor(what: string) {
    super(502, 'stripe_failed', `Stripe could not ${what}: nothing was changed, try again`, { error: `Stripe could not ${what}: nothing was changed, try again` });
  }
}

/** What the change asks of Stripe: the plan it moves to, and when (an upgrade now, a downgrade at the period's end). */
export interface PlanChange {
  subscriptionId: string;
  plan: Plan;
  from: Plan;
  upgrade: boolean;
  /** The metadata the subscription carries from now on (its invoices and events tell the worker what to apply). */
  metadata: Record<string, string>;
}

const loadPlan = async (app: FastifyInstance, planId: string): Promise<Plan> => {
  const plan = await loadState(app.store, planDecider, planStreamId(planId));
  if (!plan.exists) throw new ConflictError('Your current plan no longer exists: ask an administrator');
  return plan;
};

/**
 * A member whose organization has a monthly plan picks another: the one subscription is updated,
 * never a second one started. Upgrade: now, prorated and invoiced by Stripe at once. Downgrade:
 * the price changes without proration, so the next invoice bills it; until then the plan paid for stays.
 * Picking the plan in force again calls off a scheduled downgrade, and resumes a subscription set to cancel.
 */
export async function changePlan(app: FastifyInstance, request: FastifyRequest, user: SessionUser, plan: Plan, org: OrgState, mode: BillingMode, stripe: () => Stripe) {
  const orgId = user.organization_id!;
  const subscriptionId = org.plan!.subscriptionId!;
  const streamId = stripeSubscriptionStreamId(subscriptionId);
  const sub = await loadState(app.store, stripeSubscriptionDecider, streamId);
  const from = await loadPlan(app, sub.planId ?? org.plan!.planId);
  if (sub.requestedPlanId) throw new ConflictError('A plan change is still being applied: try again in a moment', { error: 'plan_change_pending' });
  if (plan.planId === from.planId && !sub.pendingPlanId && !sub.cancelAtPeriodEnd) throw new ValidationError(`Your organization is already on ${plan.name}`, 'subscriptionId');
  const upgrade = plan.planId !== from.planId && priceCents(plan) > priceCents(from);
  const scheduled = plan.planId !== from.planId && !upgrade;
  if (scheduled && !sub.currentPeriodEnd) throw new ConflictError('The current period of this subscription is not known yet: try again in a moment');
  const metadata = {
    orgId,
    userId: user.id,
    planId: plan.planId,
    fromPlanId: from.planId,
    effectiveFrom: scheduled ? String(sub.currentPeriodEnd) : '',
  };
  const meta = app.commands.metadata(request);
  const at = new Date().toISOString();
  await app.commands.run(stripeSubscriptionDecider, streamId, { type: 'RequestPlanChange', data: { subscriptionId, planId: plan.planId, fromPlanId: from.planId, at } }, { metadata: meta });
  const change: PlanChange = { subscriptionId, plan, from, upgrade, metadata };
  try {
    if (mode === 'simulator') await simulateChange(app, change, sub, org.stripeCustomerId ?? simId('cus'));
    else await stripeChange(stripe(), change);
  } catch (err) {
    await app.commands.run(stripeSubscriptionDecider, streamId, { type: 'AbandonPlanChange', data: { subscriptionId, planId: plan.planId, at } }, { metadata: meta });
    if (err instanceof DomainError) throw err;
    request.log.error({ stripeError: describeStripeError(err), subscriptionId }, 'stripe plan change failed');
    throw new StripeCallFailed('change the plan');
  }
  return { url: '/profile' };
}

async function stripeChange(stripe: Stripe, c: PlanChange) {
  const current = await stripe.subscriptions.retrieve(c.subscriptionId);
  const item = current.items.data[0];
  if (!item) throw new Error('subscription without items');
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: priceCents(c.plan),
    recurring: { interval: 'month' },
    product_data: { name: c.plan.name },
  });
  await stripe.subscriptions.update(c.subscriptionId, {
    items: [{ id: item.id, price: price.id }],
    proration_behavior: c.upgrade ? 'always_invoice' : 'none',
    cancel_at_period_end: false,
    metadata: c.metadata,
  });
}

/** The simulator does what Stripe would, and sends the same signed events: the update, and an upgrade's prorated invoice. */
async function simulateChange(app: FastifyInstance, c: PlanChange, sub: StripeSubscriptionState, customer: string) {
  const now = unixNow();
  const periodEnd = sub.currentPeriodEnd ?? now + MONTH_SECONDS;
  const metadata = c.metadata as PlanChange['metadata'] & { orgId: string; userId: string; planId: string };
  await deliver(
    app,
    subscriptionUpdated(
      { eventId: simId('evt'), created: now },
      {
        subscriptionId: c.subscriptionId, customer, status: 'active', currentPeriodStart: periodEnd - MONTH_SECONDS, currentPeriodEnd: periodEnd,
        cancelAtPeriodEnd: false, amount: priceCents(c.plan), metadata,
      },
    ),
  );
  if (!c.upgrade) return;
  const remaining = Math.max(0, Math.min(1, (periodEnd - now) / MONTH_SECONDS));
  await deliver(
    app,
    invoicePaid(
      { eventId: simId('evt'), created: now },
      {
        invoiceId: simId('in'), customer, subscriptionId: c.subscriptionId, currency: 'usd', billingReason: 'subscription_update',
        amount: Math.round((priceCents(c.plan) - priceCents(c.from)) * remaining), periodStart: now, periodEnd, metadata,
      },
    ),
  );
}
