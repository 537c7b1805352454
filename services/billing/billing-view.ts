import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { loadState } from '../eventstore/command-handler.ts';
import { NotFoundError } from '../platform/errors.ts';
import { autoTopUpView } from './auto-top-up/settings.ts';
import type { Billing } from './schemas.ts';
import { stripeSubscriptionDecider, stripeSubscriptionStreamId } from './stripe-subscription.ts';
import { loadOrg } from '../orgs/stream.ts';

const iso = (unix: number | null) => (unix === null ? null : new Date(unix * 1000).toISOString());

/** What an organization has at Stripe, read from its own streams (never stale: no read model between). */
export async function billingOf(app: FastifyInstance, orgId: string): Promise<z.infer<typeof Billing>> {
  const org = await loadOrg(app.store, orgId);
  if (!org.exists) throw new NotFoundError('Organization');
  const subscriptions = await Promise.all(
    org.subscriptionIds.map(async (subscriptionId) => {
      const sub = await loadState(app.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId));
      return {
        subscriptionId,
        planId: sub.planId,
        status: sub.status,
        currentPeriodEnd: iso(sub.currentPeriodEnd),
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        pendingPlanId: sub.pendingPlanId,
        requestedPlanId: sub.requestedPlanId,
      };
    }),
  );
  const plan = org.plan ? { planId: org.plan.planId, name: org.plan.name, monthlyCredits: org.plan.monthlyCredits, subscriptionId: org.plan.subscriptionId } : null;
  return { customerId: org.stripeCustomerId, plan, subscriptions, replaced: org.replaced ?? [], autoTopUp: autoTopUpView(org) };
}
