import type Stripe from 'stripe';
import type { PlanFields } from '../plans/events.ts';
import { priceCents } from '../plans/events.ts';

export interface Buyer {
  orgId: string;
  userId: string;
  email: string;
}

/** The Checkout Session the product asks Stripe for: inline price from the plan, our ids in metadata. */
export function checkoutParams(plan: { planId: string } & PlanFields, buyer: Buyer, appUrl: string): Stripe.Checkout.SessionCreateParams {
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
    customer_email: buyer.email,
    metadata,
    ...(monthly ? { subscription_data: { metadata } } : { payment_intent_data: { metadata } }),
    success_url: `${appUrl}/subscribed`,
    cancel_url: `${appUrl}/pricing`,
  };
}
