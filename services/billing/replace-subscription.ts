import { loadState } from '../eventstore/command-handler.ts';
import type { Context } from '../eventstore/context.ts';
import type { EventMetadata } from '../eventstore/types.ts';
import { orgDecider } from '../orgs/decider.ts';
import { orgStreamId } from '../orgs/events.ts';
import { loadOrg } from '../orgs/stream.ts';
import type pg from 'pg';
import type Stripe from 'stripe';
import type { Credits } from '../credits/commands.ts';
import type { EventStore } from '../eventstore/store.ts';
import { invoicePaymentOf } from './invoice-payment.ts';
import { LIVE_STATUSES, stripeSubscriptionDecider, stripeSubscriptionStreamId } from './stripe-subscription.ts';

/** What ending an older subscription needs (apply.ts's deps fit). */
export interface ReplaceDeps {
  pool: pg.Pool;
  store: EventStore;
  credits: Pick<Credits, 'revoke'>;
  /** The Stripe SDK when a key is set; without it the simulator's records say what was paid. */
  stripe?: () => Stripe;
}

/** An older live subscription of the organization, cancelled at Stripe for the newer one, and what was refunded of it. */
export interface Replacement {
  subscriptionId: string;
  planId: string | null;
  refundCents: number;
  currency: string;
}

const MONTH_SECONDS = 30 * 24 * 3600;

/** The unused share of the period paid for (0 to 1). */
const unused = (periodEnd: number | null, now: number) => (periodEnd === null ? 0 : Math.max(0, Math.min(1, (periodEnd - now) / MONTH_SECONDS)));

/** What last paid a subscription, as the payments read model has it (the simulator's; Stripe is asked instead). */
async function lastSimPayment(deps: ReplaceDeps, subscriptionId: string): Promise<{ amount: number; currency: string } | null> {
  const res = await deps.pool.query(
    `SELECT amount_total::int AS amount, currency FROM payment_transactions WHERE subscription_id = $1 AND amount_total > 0 ORDER BY id DESC LIMIT 1`,
    [subscriptionId],
  );
  return (res.rows[0] as { amount: number; currency: string } | undefined) ?? null;
}

/**
 * Before a subscription checkout is applied: every other live subscription of the organization is
 * cancelled at once and the unused part of its period refunded — at Stripe (keyed by the
 * subscription, so a retried event cancels and refunds once), or in the simulator by its records.
 * The newer subscription is the plan in force; the caller ends the older ones on their streams.
 */
export async function cancelOlderSubscriptions(deps: ReplaceDeps, orgId: string, newSubscriptionId: string, nowMs = Date.now()): Promise<Replacement[]> {
  // A checkout applied again after its subscription was itself replaced (or ended) ends nothing.
  const newer = await loadState(deps.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(newSubscriptionId));
  if (newer.ended) return [];
  const org = await loadOrg(deps.store, orgId);
  const replaced: Replacement[] = [];
  for (const subscriptionId of org.subscriptionIds) {
    if (subscriptionId === newSubscriptionId) continue;
    const sub = await loadState(deps.store, stripeSubscriptionDecider, stripeSubscriptionStreamId(subscriptionId));
    if (!sub.started || sub.ended || !LIVE_STATUSES.has(sub.status)) continue;
    const share = unused(sub.currentPeriodEnd, nowMs / 1000);
    if (deps.stripe) {
      const stripe = deps.stripe();
      const invoices = await stripe.invoices.list({ subscription: subscriptionId, status: 'paid', limit: 1, expand: ['data.payments'] });
      const paid = invoices.data[0] ? invoicePaymentOf(invoices.data[0] as unknown as Record<string, unknown>) : null;
      const refundCents = paid ? Math.round(paid.amount * share) : 0;
      await stripe.subscriptions.cancel(subscriptionId, {}, { idempotencyKey: `replace-cancel-${subscriptionId}` });
      if (paid && refundCents > 0) {
        await stripe.refunds.create(
          { payment_intent: paid.paymentIntentId, amount: refundCents, metadata: { orgId, reason: 'replaced_subscription', subscriptionId } },
          { idempotencyKey: `replace-refund-${subscriptionId}` },
        );
      }
      replaced.push({ subscriptionId, planId: sub.planId, refundCents, currency: paid?.currency ?? 'usd' });
    } else {
      const paid = await lastSimPayment(deps, subscriptionId);
      replaced.push({ subscriptionId, planId: sub.planId, refundCents: paid ? Math.round(paid.amount * share) : 0, currency: paid?.currency ?? 'usd' });
    }
  }
  return replaced;
}

/**
 * In the checkout's context: each replaced subscription ends on its stream, the unspent
 * credits of its periods' lots are revoked, and all of it is recorded on the organization's history.
 */
export async function endReplaced(deps: ReplaceDeps, ctx: Context, metadata: EventMetadata, orgId: string, keptSubscriptionId: string, replaced: Replacement[], at: string): Promise<number> {
  let revoked = 0;
  for (const r of replaced) {
    await ctx.run(stripeSubscriptionDecider, stripeSubscriptionStreamId(r.subscriptionId), { type: 'EndSubscription', data: { subscriptionId: r.subscriptionId, orgId, at } }, { metadata });
    const org = await ctx.state(orgDecider, orgStreamId(orgId));
    let creditsRevoked = 0;
    for (const lot of org.lots.filter((l) => l.key?.startsWith(`period:${r.subscriptionId}:`) && l.remaining > 0)) {
      const taken = await deps.credits.revoke(
        {
          orgId, amount: lot.remaining, kind: 'refund', lotKey: lot.key!, key: `replaced:${r.subscriptionId}:${lot.id}`,
          description: `Unspent credits of a replaced subscription (${lot.description})`, at,
        },
        { metadata },
        ctx,
      );
      creditsRevoked += taken?.amount ?? 0;
    }
    await ctx.run(
      orgDecider,
      orgStreamId(orgId),
      { type: 'RecordSubscriptionReplaced', data: { orgId, subscriptionId: r.subscriptionId, planId: r.planId, keptSubscriptionId, refundCents: r.refundCents, currency: r.currency, creditsRevoked, at } },
      { metadata },
    );
    revoked += creditsRevoked;
  }
  return revoked;
}
