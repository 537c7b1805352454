import type pg from 'pg';
import { formatCount, formatMoney } from '../platform/text.ts';
import type Stripe from 'stripe';
import { refundedInvoice } from './refund-lookup.ts';
import type { EventStore } from '../eventstore/store.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import type { Credits, GrantInput } from '../credits/commands.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import { planDecider } from '../plans/decider.ts';
import { planStreamId, type PlanFields } from '../plans/events.ts';
import { checkoutLockDecider, checkoutLockStreamId } from './checkout-lock.ts';
import { stripeEventDecider } from './decider.ts';
import { stripeEventStreamId, type StripeEventEnvelope } from './events.ts';
import { interpret, type Intent } from './interpret.ts';
import { refundDescription, stripePaymentDecider, stripePaymentStreamId } from './payment.ts';
import { recordInvoicePayment } from './invoice-payment.ts';
import { LIVE_STATUSES, stripeSubscriptionDecider, stripeSubscriptionStreamId } from './stripe-subscription.ts';
import { inContext, type Context, type ContextStream } from '../eventstore/context.ts';
import { cancelOlderSubscriptions, endReplaced, type Replacement } from './replace-subscription.ts';
import { Turns } from '../platform/turns.ts';
import { monthsLater } from '../platform/calendar.ts';

export interface ApplyDeps {
  pool: pg.Pool;
  store: EventStore;
  /** The credits' front door: grants and refunds are its commands, decided in the event's context. */
  credits: Pick<Credits, 'grant' | 'revoke'>;
  log?: { warn(obj: unknown, msg?: string): void };
  /** The Stripe SDK when a key is set: a refund of a payment we never recorded asks it which invoice it paid. */
  stripe?: () => Stripe;
}

/** An event that can never be applied (unknown org or plan, missing metadata): retrying cannot help. */
export class StripeEventRejected extends Error {}

export type Applied = { status: 'processed'; orgId: string | null; summary: string } | { status: 'ignored'; reason: string };

type Plan = { planId: string } & PlanFields;
type Effect = { orgId: string | null; summary: string };

const metadataOf = (eventId: string): EventMetadata => ({ actor: 'stripe', causation_id: eventId, correlation_id: eventId });

async function knownPlan(ctx: Context, planId: string): Promise<Plan> {
  const plan = await ctx.state(planDecider, planStreamId(planId));
  if (!plan.exists) throw new StripeEventRejected(`unknown plan ${planId}`);
  return plan;
}

async function knownOrg(ctx: Context, orgId: string): Promise<void> {
  const org = await ctx.state(orgDecider, orgStreamId(orgId));
  if (!org.exists) throw new StripeEventRejected(`unknown organization ${orgId}`);
}

/**
 * A keyed internal command: the request hashed under the key is the event and its step, never the
 * command (its time and lot id differ between a retry and a sweep of the same event).
 */
const keyed = (eventId: string, step: Step) => ({ metadata: metadataOf(eventId), idempotencyKey: stepKey(eventId, step), request: { eventId, step } });
const STEPS = ['subscribe', 'one-time', 'first-period', 'auto-top-up', 'period', 'change', 'plan-one-time', 'refund'] as const;
type Step = (typeof STEPS)[number];
const stepKey = (eventId: string, step: Step) => `${eventId}-${step}`;

/** Credits granted in the event's context (0 when its key was granted before). */
const grant = async (deps: ApplyDeps, ctx: Context, eventId: string, step: Step, data: GrantInput) => (await deps.credits.grant(data, keyed(eventId, step), ctx)).credits;

const DAY_MS = 86_400_000;

/** Monthly credits expire at the end of the period they were granted for (a month later when Stripe did not send its end), unless the plan rolls them over. */
const monthlyExpiry = (plan: Plan, periodEnd: number | null, at: string) =>
  plan.rollover ? null : periodEnd !== null ? new Date(periodEnd * 1000).toISOString() : monthsLater(at, 1);

/** One-time credits never expire, unless the plan gives them a number of days. */
const oneTimeExpiry = (plan: Plan, at: string) => (plan.one_time_expiry_days ? new Date(Date.parse(at) + plan.one_time_expiry_days * DAY_MS).toISOString() : null);

/** The first period's key is shared by the checkout and the first invoice, so the month is granted once. */
export const periodKey = (subscriptionId: string, periodStart: number | 'first' | string) => `period:${subscriptionId}:${periodStart}`;
/** The key of the credits a paid invoice grants (a period, or an upgrade's difference): reconciliation looks for it. */
export const invoiceGrantKey = (intent: Extract<Intent, { kind: 'period' | 'change' }>) =>
  intent.kind === 'period' && intent.first
    ? periodKey(intent.subscriptionId, 'first')
    : intent.kind === 'period' && intent.periodStart !== null
      ? periodKey(intent.subscriptionId, intent.periodStart)
      : `invoice:${intent.invoiceId}`;
/** The key of a checkout's one-time credits: a refund of its payment revokes from that lot. */
export const purchaseKey = (sessionId: string) => `purchase:${sessionId}`;

async function checkout(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'checkout' }>, plan: Plan, at: string, replaced: Replacement[]): Promise<Effect> {
  const { orgId } = intent;
  const meta = metadataOf(eventId);
  const done: string[] = [];
  if (intent.customerId) {
    // A checkout made before customers were kept (or in Stripe's dashboard) gives the org its customer.
    await ctx.run(orgDecider, orgStreamId(orgId), { type: 'LinkStripeCustomer', data: { orgId, customerId: intent.customerId, at } }, { metadata: meta });
  }
  if (intent.mode === 'subscription' && intent.subscriptionId) {
    await ctx.run(checkoutLockDecider, checkoutLockStreamId(orgId), { type: 'CloseSubscriptionCheckout', data: { orgId, sessionId: intent.sessionId, at } }, { metadata: meta });
    const sub = await ctx.run(
      stripeSubscriptionDecider,
      stripeSubscriptionStreamId(intent.subscriptionId),
      { type: 'StartSubscription', data: { subscriptionId: intent.subscriptionId, orgId, planId: plan.planId, at, currentPeriodEnd: intent.periodEnd } },
      { metadata: meta },
    );
    if (!sub.state.ended) {
      // An update that overtook this checkout may have moved the subscription to another plan already.
      const inForce = sub.state.planId && sub.state.planId !== plan.planId ? await knownPlan(ctx, sub.state.planId) : plan;
      await ctx.run(orgDecider, orgStreamId(orgId), { type: 'SubscribePlan', data: { orgId, plan: orgPlanOf(inForce, intent.subscriptionId), at } }, keyed(eventId, 'subscribe'));
      done.push(`subscribed to ${inForce.name}`);
      // Billed twice otherwise: the older live subscriptions end for this newer one.
      if (replaced.length) {
        const revoked = await endReplaced(deps, ctx, meta, orgId, intent.subscriptionId, replaced, at);
        done.push(`replaced ${replaced.map((r) => r.subscriptionId).join(', ')} (refunded ${replaced.map((r) => formatMoney(r.refundCents, r.currency)).join(' + ')}, revoked ${formatCount(revoked)} credits)`);
      }
    }
  }
  if (intent.paymentIntentId) {
    await ctx.run(
      stripePaymentDecider,
      stripePaymentStreamId(intent.paymentIntentId),
      {
        type: 'RecordPayment',
        data: { paymentIntentId: intent.paymentIntentId, orgId, planId: plan.planId, sessionId: intent.sessionId, amount: intent.amount, currency: intent.currency, credits: plan.one_time_credits, at },
      },
      { metadata: meta },
    );
  }
  const once = await grant(deps, ctx, eventId, 'one-time', {
    orgId, amount: plan.one_time_credits, kind: 'purchase', source: 'plan_one_time', expiresAt: oneTimeExpiry(plan, at),
    description: `${plan.name}: one-time credits`, key: purchaseKey(intent.sessionId), at,
  });
  const firstMonth =
    intent.mode === 'subscription' && intent.subscriptionId
      ? await grant(deps, ctx, eventId, 'first-period', {
          orgId, amount: plan.monthly_credits, kind: 'purchase', source: 'plan_monthly', expiresAt: monthlyExpiry(plan, intent.periodEnd, at),
          description: `${plan.name}: monthly credits`, key: periodKey(intent.subscriptionId, 'first'), at,
        })
      : 0;
  done.push(`granted ${formatCount(once + firstMonth)} credits`);
  return { orgId, summary: done.join(', ') };
}

/** An auto top-up paid: recorded as a payment (a refund finds it) and granted as an auto_top_up lot, once. */
async function topUp(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'top_up' }>, plan: Plan, at: string): Promise<Effect> {
  const { orgId, paymentIntentId } = intent;
  await knownOrg(ctx, orgId);
  await ctx.run(
    stripePaymentDecider,
    stripePaymentStreamId(paymentIntentId),
    { type: 'RecordPayment', data: { paymentIntentId, orgId, planId: plan.planId, sessionId: paymentIntentId, amount: intent.amount, currency: intent.currency, credits: plan.one_time_credits, at } },
    { metadata: metadataOf(eventId) },
  );
  const granted = await grant(deps, ctx, eventId, 'auto-top-up', {
    orgId, amount: plan.one_time_credits, kind: 'purchase', source: 'auto_top_up', expiresAt: oneTimeExpiry(plan, at),
    description: `Auto top-up: ${plan.name}`, key: purchaseKey(paymentIntentId), at,
  });
  return { orgId, summary: `auto top-up granted ${formatCount(granted)} credits` };
}

async function period(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'period' }>, plan: Plan, at: string): Promise<Effect> {
  const key = invoiceGrantKey(intent);
  if (intent.periodEnd !== null) {
    const { subscriptionId, orgId, periodEnd } = intent;
    await ctx.run(stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId), { type: 'RecordPeriodPaid', data: { subscriptionId, orgId, periodEnd, at } }, {
      metadata: metadataOf(eventId),
    });
  }
  await recordInvoicePayment(ctx, metadataOf(eventId), intent.payment, { orgId: intent.orgId, planId: plan.planId, invoiceId: intent.invoiceId, credits: plan.monthly_credits, lotKey: key, at });
  const granted = await grant(deps, ctx, eventId, 'period', {
    orgId: intent.orgId,
    amount: plan.monthly_credits,
    kind: intent.first ? 'purchase' : 'renewal',
    source: 'plan_monthly',
    expiresAt: monthlyExpiry(plan, intent.periodEnd, at),
    description: intent.first ? `${plan.name}: monthly credits` : `${plan.name}: monthly renewal`,
    key,
    at,
  });
  const summary = granted
    ? `granted ${formatCount(granted)} credits for ${key}`
    : plan.monthly_credits > 0
      ? `nothing to grant: ${key} was already granted`
      : `${plan.name} grants no monthly credits`;
  return { orgId: intent.orgId, summary };
}

/** The org's plan as the org stream keeps it. */
const orgPlanOf = (plan: Plan, subscriptionId: string) => ({ planId: plan.planId, name: plan.name, subscriptionId, isOneTime: false, monthlyCredits: plan.monthly_credits });

/**
 * Stripe's word on a subscription: its status, period, cancellation and plan. When the plan in
 * force changed (an upgrade now, a downgrade at its period's end) the organization's plan follows.
 */
async function updated(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'updated' }>, at: string): Promise<Effect> {
  const { orgId, subscriptionId } = intent;
  const meta = metadataOf(eventId);
  const plan = await knownPlan(ctx, intent.planId);
  const { orgId: _o, kind: _k, ...fields } = intent;
  const streamId = stripeSubscriptionStreamId(subscriptionId);
  const before = await ctx.state(stripeSubscriptionDecider, streamId);
  const outcome = await ctx.run(stripeSubscriptionDecider, streamId, { type: 'UpdateSubscription', data: { ...fields, orgId, at } }, { metadata: meta });
  if (!outcome.events.length) return { orgId, summary: outcome.state.ended ? 'subscription already ended' : 'an older update: nothing changes' };
  const org = await ctx.state(orgDecider, orgStreamId(orgId));
  const ours = org.plan?.subscriptionId === subscriptionId || (!org.plan && LIVE_STATUSES.has(intent.status));
  if (ours && org.plan?.planId !== plan.planId) {
    await ctx.run(orgDecider, orgStreamId(orgId), { type: 'SubscribePlan', data: { orgId, plan: orgPlanOf(plan, subscriptionId), at } }, keyed(eventId, 'subscribe'));
    // A scheduled downgrade taking effect starts its plan (an upgrade's start is granted with its paid invoice).
    const started = before.pendingPlanId === plan.planId && intent.pendingPlanId === null;
    const once = started ? await grantOneTime(deps, ctx, eventId, orgId, plan, `start:${subscriptionId}:${plan.planId}:${intent.currentPeriodEnd ?? intent.created}`, at) : 0;
    return { orgId, summary: `plan is now ${plan.name} (${intent.status})${once ? `, granted ${formatCount(once)} one-time credits` : ''}` };
  }
  const pending = intent.pendingPlanId ? `, moving to ${intent.pendingPlanId} at the period's end` : '';
  return { orgId, summary: `subscription ${intent.status}${intent.cancelAtPeriodEnd ? ', cancels at the period\'s end' : ''}${pending}` };
}

/** An upgrade's proration invoice, paid: the new plan's monthly credits beyond the old one's, for the rest of the period. */
async function change(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'change' }>, at: string): Promise<Effect> {
  const plan = await knownPlan(ctx, intent.planId);
  const from = intent.fromPlanId ? await knownPlan(ctx, intent.fromPlanId) : null;
  const key = invoiceGrantKey(intent);
  const amount = Math.max(0, plan.monthly_credits - (from?.monthly_credits ?? 0));
  await recordInvoicePayment(ctx, metadataOf(eventId), intent.payment, { orgId: intent.orgId, planId: plan.planId, invoiceId: intent.invoiceId, credits: amount, lotKey: key, at });
  const granted = await grant(deps, ctx, eventId, 'change', {
    orgId: intent.orgId,
    amount,
    kind: 'purchase',
    source: 'plan_monthly',
    expiresAt: monthlyExpiry(plan, intent.periodEnd, at),
    description: `${plan.name}: upgrade${from ? ` from ${from.name}` : ''}`,
    key,
    at,
  });
  // The plan starts now: its one-time credits come with it, as they do with a checkout.
  const once = await grantOneTime(deps, ctx, eventId, intent.orgId, plan, `${key}:one-time`, at);
  return { orgId: intent.orgId, summary: granted + once ? `granted ${formatCount(granted + once)} credits for ${key}` : `nothing to grant for ${key}` };
}

/** A plan's one-time credits, granted once whenever the plan starts (a checkout, an upgrade, a scheduled downgrade taking effect). */
const grantOneTime = (deps: ApplyDeps, ctx: Context, eventId: string, orgId: string, plan: Plan, key: string, at: string) =>
  grant(deps, ctx, eventId, 'plan-one-time', {
    orgId, amount: plan.one_time_credits, kind: 'purchase', source: 'plan_one_time', expiresAt: oneTimeExpiry(plan, at),
    description: `${plan.name}: one-time credits`, key, at,
  });

async function ended(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'ended' }>, at: string): Promise<Effect> {
  const streamId = stripeSubscriptionStreamId(intent.subscriptionId);
  const known = await ctx.state(stripeSubscriptionDecider, streamId);
  const orgId = known.orgId ?? intent.orgId;
  if (!orgId) throw new StripeEventRejected(`unknown subscription ${intent.subscriptionId} (no orgId)`);
  await knownOrg(ctx, orgId);
  const meta = metadataOf(eventId);
  await ctx.run(stripeSubscriptionDecider, streamId, { type: 'EndSubscription', data: { subscriptionId: intent.subscriptionId, orgId, at } }, { metadata: meta });
  const cancelled = await ctx.run(orgDecider, orgStreamId(orgId), { type: 'CancelPlan', data: { orgId, subscriptionId: intent.subscriptionId, at } }, { metadata: meta });
  return { orgId, summary: cancelled.events.length ? 'plan ended' : 'subscription ended (it was not the current plan)' };
}

async function refund(deps: ApplyDeps, ctx: Context, eventId: string, intent: Extract<Intent, { kind: 'refund' }>, paid: Intent | null, at: string): Promise<Effect> {
  const meta = metadataOf(eventId);
  // The invoice it paid, as its event would be applied: its payment recorded (and its period granted, if it never was).
  if (paid?.kind === 'period') await period(deps, ctx, eventId, paid, await knownPlan(ctx, paid.planId), at);
  if (paid?.kind === 'change') await change(deps, ctx, eventId, paid, at);
  const recorded = await ctx.run(
    stripePaymentDecider,
    stripePaymentStreamId(intent.paymentIntentId),
    { type: 'RecordRefund', data: { paymentIntentId: intent.paymentIntentId, chargeId: intent.chargeId, amountRefunded: intent.amountRefunded, at } },
    { metadata: meta },
  );
  const payment = recorded.state;
  const orgId = payment.exists ? payment.orgId : null;
  const event = recorded.events[0];
  const refunded = event?.type === 'StripePaymentRefunded' ? event.data : null;
  const credits = refunded?.credits ?? 0;
  if (!orgId || credits <= 0) return { orgId, summary: 'no credits to revoke' };
  // Only from the lot that payment bought: credits of other grants are not the refund's to take.
  const lotKey = !payment.exists ? undefined : (payment.lotKey ?? (payment.sessionId ? purchaseKey(payment.sessionId) : undefined));
  const taken = await deps.credits.revoke(
    { orgId, amount: credits, kind: 'refund', description: refundDescription(refunded?.refunded, refunded?.currency), key: `refund:${intent.chargeId}:${intent.amountRefunded}`, lotKey, at },
    keyed(eventId, 'refund'),
    ctx,
  );
  return { orgId, summary: taken ? `revoked ${formatCount(taken.amount)} credits (shortfall ${formatCount(taken.shortfall)})` : 'refund already applied' };
}

async function effects(
  deps: ApplyDeps,
  ctx: Context,
  eventId: string,
  intent: Exclude<Intent, { kind: 'ignore' | 'invalid' }>,
  paid: Intent | null,
  replaced: Replacement[],
  at: string,
): Promise<Effect> {
  switch (intent.kind) {
    case 'checkout':
      return checkout(deps, ctx, eventId, intent, await knownPlan(ctx, intent.planId), at, replaced);
    case 'top_up':
      return topUp(deps, ctx, eventId, intent, await knownPlan(ctx, intent.planId), at);
    case 'period':
      return period(deps, ctx, eventId, intent, await knownPlan(ctx, intent.planId), at);
    case 'ended':
      return ended(deps, ctx, eventId, intent, at);
    case 'refund':
      return refund(deps, ctx, eventId, intent, paid, at);
    case 'updated':
      return updated(deps, ctx, eventId, intent, at);
    case 'change':
      return change(deps, ctx, eventId, intent, at);
    default: {
      const unknown: never = intent;
      throw new Error(`unknown intent ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * The streams an event's commands read and write, read together before anything is decided (a
 * stream not named here is read when first used, in a round trip of its own).
 */
function streamsOf(eventId: string, intents: (Intent | null)[]): ContextStream[] {
  const streams: ContextStream[] = [{ decider: stripeEventDecider, streamId: stripeEventStreamId(eventId) }];
  const add = (decider: ContextStream['decider'], streamId: string | null | undefined) => {
    if (streamId && !streams.some((s) => s.streamId === streamId)) streams.push({ decider, streamId });
  };
  for (const intent of intents) {
    if (!intent || intent.kind === 'ignore' || intent.kind === 'invalid') continue;
    const orgId = 'orgId' in intent ? intent.orgId : null;
    if (orgId) add(orgDecider, orgStreamId(orgId));
    if ('planId' in intent && intent.planId) add(planDecider, planStreamId(intent.planId));
    if (intent.kind === 'change' && intent.fromPlanId) add(planDecider, planStreamId(intent.fromPlanId));
    if ('subscriptionId' in intent && intent.subscriptionId) add(stripeSubscriptionDecider, stripeSubscriptionStreamId(intent.subscriptionId));
    if ('paymentIntentId' in intent && intent.paymentIntentId) add(stripePaymentDecider, stripePaymentStreamId(intent.paymentIntentId));
    if ('payment' in intent && intent.payment) add(stripePaymentDecider, stripePaymentStreamId(intent.payment.paymentIntentId));
    if (intent.kind === 'checkout' && intent.mode === 'subscription' && orgId) add(checkoutLockDecider, checkoutLockStreamId(orgId));
  }
  return streams;
}

/**
 * One organization's events take turns in this process. Each appends to the organization's stream, so
 * events of one organization applied side by side clash on it: all but one read again and decide
 * again, every retry a wasted read and append (1,000 events of one organization on 4 consumers settled
 * at 5 to 40 a second, mostly retries); in turn, each is read and appended once.
 */
const orgTurns = new Turns();

/** The webhook's receipt of an event: recorded in the same append as the event's effects (receiveAndApply). */
export interface Receipt {
  at: string;
  metadata: EventMetadata;
}

/**
 * What receiveAndApply did instead of applying: `duplicate`, a redelivery of an event stored before;
 * `later`, an event whose application may call Stripe, which is not done inside Stripe's own request
 * (nothing stored: the caller stores it for the worker).
 */
export type NotApplied = { status: 'duplicate' } | { status: 'later' };

/** Whether applying an intent may call Stripe: a refund asks which invoice it paid, a subscription's checkout ends the older subscriptions. */
const mayCallStripe = (intent: Intent) => intent.kind === 'refund' || (intent.kind === 'checkout' && intent.mode === 'subscription');

/**
 * Applies one received Stripe event and records its outcome with it: one context (context.ts) whose
 * streams (the organization, the plan, the payment, the event's own...) are read in one round trip,
 * every command of the event decided against them, and all of it appended in one statement.
 */
export async function applyStripeEvent(deps: ApplyDeps, event: StripeEventEnvelope, now = new Date()): Promise<Applied> {
  return (await applyIn(deps, event, now, null)) as Applied;
}

/**
 * Stores an event the webhook just received and applies it, in one context: its receipt and its
 * effects are one append, one commit (storing it first and applying it after took two). A redelivery
 * of an event stored before applies nothing and answers `duplicate`; one whose application may call
 * Stripe answers `later` and stores nothing. When it cannot be applied (it throws), nothing is stored:
 * the caller stores it alone, for the worker.
 */
export async function receiveAndApply(deps: ApplyDeps, event: StripeEventEnvelope, receipt: Receipt, now = new Date()): Promise<Applied | NotApplied> {
  return applyIn(deps, event, now, receipt);
}

/** Records the receipt in the context; false when the event was stored before (a redelivery). */
async function received(ctx: Context, event: StripeEventEnvelope, receipt: Receipt): Promise<boolean> {
  const stored = await ctx.run(stripeEventDecider, stripeEventStreamId(event.id), { type: 'ReceiveStripeEvent', data: { event, at: receipt.at } }, { metadata: receipt.metadata });
  return stored.events.length > 0;
}

const DUPLICATE: NotApplied = { status: 'duplicate' };

async function applyIn(deps: ApplyDeps, event: StripeEventEnvelope, now: Date, receipt: Receipt | null): Promise<Applied | NotApplied> {
  const at = now.toISOString();
  const intent = interpret(event);
  const streamId = stripeEventStreamId(event.id);
  const meta = metadataOf(event.id);
  if (intent.kind === 'invalid') throw new StripeEventRejected(intent.reason);
  if (receipt && mayCallStripe(intent)) return { status: 'later' };
  if (intent.kind === 'ignore') {
    const { value } = await inContext(deps.store, [{ decider: stripeEventDecider, streamId }], [], async (ctx): Promise<Applied | NotApplied> => {
      if (receipt && !(await received(ctx, event, receipt))) return DUPLICATE;
      await ctx.run(stripeEventDecider, streamId, { type: 'MarkStripeEventIgnored', data: { eventId: event.id, reason: intent.reason, at } }, { metadata: meta });
      return { status: 'ignored', reason: intent.reason };
    });
    return value;
  }
  // Asked of Stripe before the event's context (no network call holds it open).
  const paid = intent.kind === 'refund' ? await refundedInvoice(deps, intent.paymentIntentId) : null;
  const replaced =
    intent.kind === 'checkout' && intent.mode === 'subscription' && intent.subscriptionId ? await cancelOlderSubscriptions(deps, intent.orgId, intent.subscriptionId, now.getTime()) : [];
  const decide = () => inContext(deps.store, streamsOf(event.id, [intent, paid]), STEPS.map((step) => stepKey(event.id, step)), async (ctx): Promise<Applied | NotApplied> => {
    if (receipt && !(await received(ctx, event, receipt))) return DUPLICATE;
    if ('orgId' in intent && intent.orgId && intent.kind !== 'ended') await knownOrg(ctx, intent.orgId);
    const effect = await effects(deps, ctx, event.id, intent, paid, replaced, at);
    const marked = await ctx.run(
      stripeEventDecider,
      streamId,
      { type: 'MarkStripeEventProcessed', data: { eventId: event.id, orgId: effect.orgId, summary: effect.summary, at } },
      { metadata: meta },
    );
    // Applied meanwhile by another worker, the sweep or an admin's retry: its keyed grants made ours
    // change nothing, so answer what that application recorded.
    const first = marked.events.length === 0 && marked.state.received && marked.state.status === 'processed' ? marked.state.outcome : undefined;
    return { status: 'processed' as const, ...effect, ...(first !== undefined ? { summary: first } : {}) };
  });
  const orgId = 'orgId' in intent ? intent.orgId : null;
  const applied = orgId ? await orgTurns.run(orgId, decide) : await decide();
  return applied.value;
}

/** Records why an event could not be applied; nothing else changes. */
export async function markFailed(deps: ApplyDeps, eventId: string, reason: string, now = new Date()): Promise<void> {
  const streamId = stripeEventStreamId(eventId);
  await inContext(deps.store, [{ decider: stripeEventDecider, streamId }], [], (ctx) =>
    ctx.run(stripeEventDecider, streamId, { type: 'MarkStripeEventFailed', data: { eventId, reason: reason.slice(0, 1000), at: now.toISOString() } }, { metadata: metadataOf(eventId) }),
  );
}
