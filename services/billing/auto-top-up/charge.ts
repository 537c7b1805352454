import { createHash } from 'node:crypto';
import type { Queue } from 'bullmq';
import type Stripe from 'stripe';
import { handleCommand, loadState } from '../../eventstore/command-handler.ts';
import type { EventStore } from '../../eventstore/store.ts';
import type { OrgCredits } from '../../orgs/stream.ts';
import type { Config } from '../../platform/config.ts';
import { enqueueStripeEvents } from '../../platform/jobs.ts';
import { planDecider } from '../../plans/decider.ts';
import { planStreamId, priceCents } from '../../plans/events.ts';
import { stripeEventDecider } from '../decider.ts';
import { stripeEventStreamId } from '../events.ts';
import { billingMode, describeStripeError, stripeClient } from '../stripe.ts';

export interface TopUpDeps {
  store: EventStore;
  /** The credits' front door: the attempt and its outcome are credit commands. */
  credits: Pick<OrgCredits, 'startAutoTopUp' | 'recordAutoTopUp'>;
  config: Config;
  stripeQueue?: Queue;
  log?: { warn(obj: unknown, msg?: string): void };
  stripe?: () => Stripe;
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

/** A charge Stripe refused for the card (declined, authentication required): recorded, not retried. */
const refusal = (err: unknown): string | null => {
  const e = err as { type?: string; code?: string; decline_code?: string };
  if (e?.type === 'StripeCardError' || e?.code === 'authentication_required') return e.decline_code ?? e.code ?? 'card_declined';
  return null;
};

/**
 * Charges the organization's saved card once for a crossing: the attempt is an event first (the
 * monthly cap and "once per crossing" are decided there), then the PaymentIntent under a key made
 * of the crossing, so a retried job, or a second worker, gets Stripe's first answer back.
 */
export async function chargeAutoTopUp(deps: TopUpDeps, orgId: string, crossing: string): Promise<string> {
  const metadata = { actor: 'auto-top-up', causation_id: crossing, correlation_id: crossing };
  const at = new Date().toISOString();
  const state = await deps.credits.startAutoTopUp(orgId, crossing, metadata, at);
  const attempt = state.topUps.attempts.find((a) => a.crossing === crossing);
  if (!attempt) return 'skipped: off, or the monthly cap is reached';
  if (state.topUps.settled.includes(crossing)) return 'already settled';
  const fail = async (reason: string) => (await deps.credits.recordAutoTopUp(orgId, crossing, { ok: false, reason }, metadata, at), `failed: ${reason}`);
  const plan = await loadState(deps.store, planDecider, planStreamId(attempt.planId));
  if (!plan.exists) return fail('the pack no longer exists');
  const mode = billingMode(deps.config);
  if (mode === 'off') return fail('payments are not configured');
  if (!state.stripeCustomerId) return fail('no saved card: buy a pack once first');
  const meta = { orgId, planId: plan.planId, kind: 'auto_top_up', crossing };
  let paymentIntentId: string;
  if (mode === 'simulator') {
    paymentIntentId = `pi_sim_${hash(crossing)}`;
    await simulateSucceeded(deps, paymentIntentId, priceCents(plan), meta);
  } else {
    const stripe = deps.stripe?.() ?? stripeClient(deps.config);
    try {
      const methods = await stripe.paymentMethods.list({ customer: state.stripeCustomerId, type: 'card', limit: 1 });
      const method = methods.data[0]?.id;
      if (!method) return fail('no saved card: buy a pack once first');
      const pi = await stripe.paymentIntents.create(
        { amount: priceCents(plan), currency: 'usd', customer: state.stripeCustomerId, payment_method: method, off_session: true, confirm: true, metadata: meta },
        { idempotencyKey: `auto-top-up-${crossing}` },
      );
      if (pi.status !== 'succeeded' && pi.status !== 'processing') return fail(pi.status === 'requires_action' ? 'authentication_required' : `payment ${pi.status}`);
      paymentIntentId = pi.id;
    } catch (err) {
      const reason = refusal(err);
      if (reason) return fail(reason);
      deps.log?.warn({ stripeError: describeStripeError(err), orgId }, 'auto top-up charge failed; the job retries under the same key');
      throw err;
    }
  }
  await deps.credits.recordAutoTopUp(orgId, crossing, { ok: true, paymentIntentId }, metadata, at);
  return `charged ${paymentIntentId}`;
}

/** Without a Stripe key: the payment_intent.succeeded Stripe would send, received into the same inbox (ids from the crossing: once). */
async function simulateSucceeded(deps: TopUpDeps, paymentIntentId: string, amount: number, metadata: Record<string, string>) {
  const eventId = `evt_sim_${paymentIntentId.slice(7)}`;
  const event = {
    id: eventId,
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object: { id: paymentIntentId, object: 'payment_intent', amount, amount_received: amount, currency: 'usd', status: 'succeeded', metadata } },
  };
  await handleCommand(deps.store, stripeEventDecider, stripeEventStreamId(eventId), { type: 'ReceiveStripeEvent', data: { event, at: new Date().toISOString() } }, {
    metadata: { actor: 'stripe', causation_id: eventId, correlation_id: eventId },
  });
  if (deps.stripeQueue) await enqueueStripeEvents(deps.stripeQueue, [eventId]).catch(() => {});
}
