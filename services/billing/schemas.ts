import { z } from 'zod';
import { Plan } from '../plans/schemas.ts';

export const CheckoutBody = z.object({
  subscriptionId: z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String),
});
export const CheckoutAnswer = z.object({ url: z.string() });
export const WebhookAnswer = z.object({ received: z.literal(true), duplicate: z.boolean().optional() });

export const SimSessionParams = z.object({ id: z.string().regex(/^cs_sim_[a-f0-9]{24}$/, 'unknown checkout') });
export const SimSession = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid', 'cancelled']),
  mode: z.enum(['payment', 'subscription']),
  amount_total: z.number().int(),
  currency: z.string(),
  email: z.string(),
  plan: Plan.pick({ id: true, name: true, description: true, price_usd: true, monthly_credits: true, one_time_credits: true, is_one_time: true }),
});
export const SimRedirect = z.object({ url: z.string() });

const when = z.string().nullable();

export const PaymentTransaction = z.object({
  id: z.number().int(),
  eventId: z.string(),
  eventType: z.string(),
  kind: z.string(),
  objectId: z.string(),
  amount_total: z.number().int(),
  amount_subtotal: z.number().int().nullable(),
  currency: z.string(),
  eventCreated: when,
  userId: z.string().nullable(),
  orgId: z.string().nullable(),
  planId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
  customer: z.string().nullable(),
  invoice: z.string().nullable(),
  paymentIntent: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  mode: z.string().nullable(),
  created_at: z.string(),
});

export const WebhookLogRow = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status: z.enum(['received', 'processed', 'ignored', 'failed']),
  reason: z.string().nullable(),
  summary: z.string().nullable(),
  org_id: z.string().nullable(),
  livemode: z.boolean(),
  event_created: when,
  received_at: z.string(),
  processed_at: when,
});
export const WebhookLogDetail = WebhookLogRow.extend({ raw_event: z.record(z.string(), z.unknown()) });


export const WebhookLogParams = z.object({ id: z.coerce.number().int().min(1) });

export const TestEventBody = z.object({
  orgId: z.uuid(),
  kind: z.enum(['renewal', 'cancellation', 'refund']),
});
export const TestEventAnswer = z.object({ eventId: z.string(), type: z.string() });
export const SimulatorStatus = z.object({ mode: z.enum(['stripe', 'simulator', 'off']), testEvents: z.boolean() });

export const StripeEventParams = z.object({ eventId: z.string().trim().min(1).max(255) });
export const RetryAnswer = z.object({
  eventId: z.string(),
  status: z.enum(['processed', 'ignored', 'failed']),
  /** What was done (processed), or why not (ignored, failed). */
  detail: z.string(),
});

export const BillingSubscription = z.object({
  subscriptionId: z.string(),
  planId: z.string().nullable(),
  status: z.string(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  pendingPlanId: z.string().nullable(),
  /** A change asked of Stripe that its event has not confirmed yet: the page reads again until it is. */
  requestedPlanId: z.string().nullable(),
});
/** PUT /api/me/auto-top-up: every field, each time. */
export const AutoTopUpBody = z.object({
  enabled: z.boolean(),
  thresholdCredits: z.number().int().min(0).max(1_000_000_000),
  planId: z.string().trim().min(1).max(100).nullable(),
  maxPerMonth: z.number().int().min(0).max(100),
});
/** The settings, and what became of the charges: the last failure, and why it turned itself off. */
export const AutoTopUp = AutoTopUpBody.extend({
  lastFailure: z.object({ reason: z.string(), at: z.string() }).nullable(),
  disabledReason: z.string().nullable(),
});
export const Billing = z.object({
  customerId: z.string().nullable(),
  plan: z.object({ planId: z.string(), name: z.string(), monthlyCredits: z.number().int(), subscriptionId: z.string().nullable() }).nullable(),
  subscriptions: z.array(BillingSubscription),
  /** Older subscriptions ended because a newer one started (billed twice otherwise): what was refunded and revoked. */
  replaced: z.array(
    z.object({
      subscriptionId: z.string(),
      planId: z.string().nullable(),
      keptSubscriptionId: z.string(),
      refundCents: z.number().int(),
      currency: z.string(),
      creditsRevoked: z.number().int(),
      at: z.string(),
    }),
  ),
  autoTopUp: AutoTopUp,
});
export const OrgBillingParams = z.object({ orgId: z.uuid() });
export const PortalAnswer = z.object({ url: z.string() });

export const ReconcileBody = z.object({ orgId: z.uuid().optional() }).default({});
export const ReconcileReport = z.object({
  orgs: z.number().int(),
  checked: z.number().int(),
  missing: z.array(
    z.object({
      orgId: z.string(),
      invoiceId: z.string(),
      subscriptionId: z.string().nullable(),
      key: z.string().nullable(),
      eventId: z.string(),
      outcome: z.enum(['processed', 'ignored', 'failed']),
      detail: z.string(),
    }),
  ),
  unknown: z.array(z.object({ orgId: z.string(), subscriptionId: z.string(), status: z.string() })),
  applied: z.number().int(),
  skipped: z.string().nullable(),
});
